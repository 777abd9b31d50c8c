import pytest
from django.core.exceptions import ValidationError

from accounts.validators import nickname_key, normalize_nickname, validate_nickname


@pytest.mark.parametrize(
    "nickname",
    [
        "Zé",
        "Ana Luíza",
        "João_22",
        "vó-Cida",
        "Ça",
        "Ñandu 7",
        "ab",
        "a" * 20,
        "Conceição",
        "42",
        "Jogadora Ana",
        "Vagner",
        "Robson",
        "Pessoinha",
        "Мария",
        "Ελένη",
        "さくら",
        "山田たろう",
        "ユーキ",
        "김민준",
        "Ana 山田",
    ],
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
        ("ʼAna", "Não vale: ʼ"),  # a modifier letter drawn as an apostrophe
        ("Ꭺna", "Não vale: Ꭺ"),  # Cherokee, drawn as a Latin "A"
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


@pytest.mark.parametrize(
    "nickname",
    [
        "\u3164\u3164",  # Hangul filler
        "Ana\u3164",
        "\u115fAna",  # Hangul choseong filler
        "An\u1160a",  # Hangul jungseong filler
        "Ana\uffa0",  # halfwidth Hangul filler
        "Ana\u200b",  # zero-width space
        "A\u200dna",  # zero-width joiner
        "Ana\u2060",  # word joiner
        "An\u00ada",  # soft hyphen
        "\u202eanA",  # right-to-left override
        "Ana\ufe0f",  # variation selector
        "Ana\u2800",  # blank Braille pattern
    ],
)
def test_invisible_characters_are_refused(nickname):
    with pytest.raises(ValidationError) as error:
        validate_nickname(nickname)
    assert error.value.code == "nickname_invisible"
    assert "invisíveis (U+" in error.value.messages[0]


@pytest.mark.parametrize("nickname", ["\u0301Ana", "Ana \u0303", "a\u0308\u0301na"])
def test_a_loose_accent_is_refused(nickname):
    with pytest.raises(ValidationError) as error:
        validate_nickname(nickname)
    assert error.value.code == "nickname_mark"
    assert "acento solto" in error.value.messages[0]


@pytest.mark.parametrize(
    ("nickname", "alphabets"),
    [
        ("\u0410na", "cirílico e latino"),  # Cyrillic capital A
        ("An\u0430", "cirílico e latino"),  # Cyrillic small a
        ("\u0391na", "grego e latino"),  # Greek capital alpha
        ("Мария Ana", "cirílico e latino"),
        ("Ana\u0627", "árabe e latino"),
    ],
)
def test_letters_of_two_alphabets_are_refused(nickname, alphabets):
    with pytest.raises(ValidationError) as error:
        validate_nickname(nickname)
    assert error.value.code == "nickname_scripts"
    assert f"mistura alfabetos ({alphabets})" in error.value.messages[0]


@pytest.mark.parametrize(
    "nickname",
    [
        "Robô 2",
        "robo 2",
        "ROBO_12",
        "robô2",
        "Robôs",
        "Lugar livre",
        "lugar-livre 3",
        "Livre",
        "Jogador 1",
        "jogador  12",
        "Jogadora 3",
        "Jogador removido 2",
        "Vaga",
        "Vaga 4",
        "Anfitrião",
        "anfitriao",
        "Anfitriã",
        "Você",
        "voce 2",
        "Robô jogando",
        "robo-jogando",
        "Sua vez",
        "Desconectado",
        "Pessoa",
        "Pessoa 42",
        "Admin 2",
        "Bozó 2026",
        "𝔸𝕕𝕞𝕚𝕟",  # styled letters are plain ones after NFKC
        "Ａｄｍｉｎ",  # so are fullwidth ones
        "Robô ２",
    ],
)
def test_what_the_site_and_its_tables_call_someone_is_reserved(nickname):
    with pytest.raises(ValidationError) as error:
        validate_nickname(nickname)
    assert error.value.code == "nickname_reserved"
    assert "reservado" in error.value.messages[0]


@pytest.mark.parametrize(
    "nickname", ["Ana robô", "Robô Ana", "Ana robô jogando", "bot da Bia", "ΒΟΤ"]
)
def test_a_person_cannot_call_themself_a_robot(nickname):
    with pytest.raises(ValidationError) as error:
        validate_nickname(nickname)
    assert error.value.code == "nickname_robot"


@pytest.mark.parametrize(
    ("nickname", "mark"),
    [
        ("Bia anfitriã", "anfitriã"),
        ("Caio voce", "você"),
        ("Davi silenciado", "silenciado"),
        ("Eva na vez", "na vez"),
    ],
)
def test_a_name_cannot_end_in_a_mark_the_seat_shows(nickname, mark):
    with pytest.raises(ValidationError) as error:
        validate_nickname(nickname)
    assert error.value.code == "nickname_seat_mark"
    assert f"terminar em “{mark}”" in error.value.messages[0]


def test_nickname_spaces_are_folded_and_keys_ignore_case():
    assert normalize_nickname("  Ana   Luíza ") == "Ana Luíza"
    assert nickname_key("ZÉ") == nickname_key("zé")
    # "é" typed as e + combining accent is the same nickname as the composed "é".
    assert nickname_key("Ze\u0301") == nickname_key("Zé")


def test_normalization_makes_styled_and_fullwidth_letters_plain():
    assert normalize_nickname("𝔸na") == "Ana"
    assert normalize_nickname("Ｂｉａ\u3000２") == "Bia 2"


@pytest.mark.parametrize(
    ("one", "other"),
    [
        ("𝔸na", "Ana"),
        ("ＡＮＡ", "ana"),
        ("Роро", "Popo"),  # all Cyrillic, drawn as the Latin name
        ("ΑΝΝΑ", "Anna"),  # all Greek
    ],
)
def test_look_alike_nicknames_have_the_same_key(one, other):
    assert nickname_key(one) == nickname_key(other)


@pytest.mark.parametrize(("one", "other"), [("Lúcia", "Lucia"), ("Ana", "Ana2")])
def test_different_names_keep_different_keys(one, other):
    assert nickname_key(one) != nickname_key(other)
