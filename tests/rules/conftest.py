import pytest

# The helpers the split rules tests share assert along the way (a legal action, a state left
# untouched, a random game checked against the page): pytest rewrites the asserts of test modules
# and conftests only, so these are named here to fail with the same detail as before the split.
pytest.register_assert_rewrite(
    "tests.rules.bozo_helpers",
    "tests.rules.domino_helpers",
    "tests.rules.dozito_helpers",
    "tests.rules.yams_helpers",
    "tests.rules.yams_properties_helpers",
)
