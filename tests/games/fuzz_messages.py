"""What the socket fuzzer (test_fuzz_sockets.py) sends: random and malformed messages (non-JSON,
huge, nested, wrong types, NUL and lone surrogates, unknown commands, commands with bad arguments)
and the game's own legal actions mutated (wrong seat, out of range, extra keys, stale or future
version, other types)."""

from __future__ import annotations

import json
from typing import Any

from hypothesis import strategies as st

from games import messages

SCALARS = (
    st.none()
    | st.booleans()
    | st.integers()
    | st.floats(allow_nan=True, allow_infinity=True)
    | st.text(max_size=12)
)
JSONISH = st.recursive(
    SCALARS,
    lambda inner: (
        st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=6), inner, max_size=4)
    ),
    max_leaves=10,
)
ODD_TEXT = st.sampled_from(
    [
        "",
        "null",
        "[]",
        "42",
        '"texto"',
        "{",
        '{"cmd": "chat", "text": "\\u0000"}',
        '{"cmd": "chat", "text": "\\ud800"}',
        "\ud83d",
        '{"action": "{\\"type\\": \\"roll\\"}", "version": "1\x00"}',
        "[" * 5000 + "]" * 5000,
        '{"a":' * 3000 + "1" + "}" * 3000,
        json.dumps({"x": [[[[[[[[[[[[[[[[[[[[[[[[1]]]]]]]]]]]]]]]]]]]]]]]]}),
        "x" * (messages.MAX_MESSAGE + 1),
        json.dumps({"cmd": "chat", "text": "y" * 4000}),
        '{"version": NaN, "action": "{}"}',
        '{"version": 1e400, "action": "{}"}',
        '{"cid": "' + "c" * 65 + '", "action": "{}", "version": "1"}',
        '{"cid": "não", "action": "{}", "version": "1"}',
        '{"action": "{\\"type\\": \\"roll\\"", "version": "1"}',
    ]
)
FIELD_VALUES = st.one_of(
    JSONISH,
    st.sampled_from(["", "0", "1", "-1", "3", "99", "999999999", "1e3", " 1 ", "um", "٣"]),
)
CIDS = st.sampled_from(["", "a", "b", "c1", "dup"]) | st.text(
    alphabet="abcdefghij0123456789_-", max_size=12
)


def mutated(action: dict[str, Any]) -> st.SearchStrategy[dict[str, Any]]:
    """A legal action with one thing wrong (or nothing: it may stay legal)."""
    keys = sorted(action)

    def change(key: str, value: Any) -> dict[str, Any]:
        return {**action, key: value}

    options = [
        st.just(action),
        st.builds(lambda k, v: change(k, v), st.sampled_from(keys), JSONISH),
        st.builds(lambda v: change("extra", v), JSONISH),
        st.builds(lambda k: {a: b for a, b in action.items() if a != k}, st.sampled_from(keys)),
        st.builds(lambda t: change("type", t), st.text(max_size=10) | st.integers()),
    ]
    numbers = [k for k in keys if isinstance(action[k], int) and not isinstance(action[k], bool)]
    if numbers:
        options.append(
            st.builds(
                lambda k, n: change(k, n),
                st.sampled_from(numbers),
                st.sampled_from([-1, 99, 10**12, -(10**12)]) | st.integers(),
            )
        )
    lists = [k for k in keys if isinstance(action[k], list)]
    if lists:
        options.append(
            st.builds(
                lambda k, v: change(k, v),
                st.sampled_from(lists),
                st.lists(st.integers(-3, 20) | st.text(max_size=2), max_size=8),
            )
        )
    return st.one_of(options)


def versions(current: int) -> st.SearchStrategy[Any]:
    return st.one_of(
        st.just(str(current)),
        st.sampled_from(
            [
                str(max(0, current - 1)),
                "0",
                str(current + 1),
                str(current + 50),
                "-3",
                "v",
                "",
                None,
            ]
        ),
        st.just(current),
        FIELD_VALUES,
    )


def command(cmd: str) -> st.SearchStrategy[dict[str, Any]]:
    fields = st.dictionaries(
        st.sampled_from(["seat", "to", "team", "muted", "text", "cid", "version"]),
        FIELD_VALUES,
        max_size=3,
    )
    texts = st.sampled_from(["Boa!", "😀", "oi", "<script>alert(1)</script>", " "]) | st.text(
        max_size=30
    )
    return st.builds(
        lambda extra, text: {
            "cmd": cmd,
            **({"text": text} if cmd in ("chat", "react") else {}),
            **extra,
        },
        fields,
        texts,
    )
