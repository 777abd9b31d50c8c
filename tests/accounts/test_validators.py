import pytest
from django.core.exceptions import ValidationError

from accounts.validators import nickname_key, normalize_nickname, validate_nickname


@pytest.mark.parametrize(
    "nickname",
    ["Zé", "Ana Luíza", "João_22", "vó-Cida", "Ça", "Ñandu 7", "ab", "a" * 20, "Conceição"],
)
def test_valid_nicknames_are_accepted(nickname):
    validate_nickname(nickname)


@pytest.mark.parametrize(
    ("nickname", "message"),
    [
        ("a", "de 2 a 20"),
        ("a" * 21, "de 2 a 20"),
        ("ana@example.com", "e-mail"),
        ("ana@casa", "e-mail"),
        ("http meu site", "links"),
        ("www loja", "links"),
        ("site ponto com", "links"),
        ("ana.maria", "Não vale: ."),
        ("ana!", "Não vale: !"),
        ("emoji 🎲", "Não vale: 🎲"),
        ("<b>ana</b>", "Não vale:"),
        ("---", "pelo menos uma letra"),
        ("Jogador removido", "reservado"),
        ("ADMIN", "reservado"),
        ("Robô", "reservado"),
    ],
)
def test_invalid_nicknames_are_refused_with_a_portuguese_reason(nickname, message):
    with pytest.raises(ValidationError) as error:
        validate_nickname(nickname)
    assert message in " ".join(error.value.messages)


def test_nickname_spaces_are_folded_and_keys_ignore_case():
    assert normalize_nickname("  Ana   Luíza ") == "Ana Luíza"
    assert nickname_key("ZÉ") == nickname_key("zé")
    # "é" typed as e + combining accent is the same nickname as the composed "é".
    assert nickname_key("Ze\u0301") == nickname_key("Zé")
