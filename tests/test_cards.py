import pytest

from ginrummy_tui.engine import DECK, Card, format_cards, parse_cards


def test_text_forms():
    assert str(Card(10, "D")) == "TD"
    assert str(Card(1, "S")) == "AS"
    assert str(Card(13, "C")) == "KC"
    assert len({str(c) for c in DECK}) == 52
    assert all(len(str(c)) == 2 for c in DECK)


def test_parse_accepts_every_spelling():
    cards = parse_cards("AS 2s 10h Td K♠")
    assert [str(c) for c in cards] == ["AS", "2S", "TH", "TD", "KS"]
    assert parse_cards("7♥,8♦ , 9♣") == (Card(7, "H"), Card(8, "D"), Card(9, "C"))
    assert parse_cards("") == ()


def test_parse_round_trips():
    assert parse_cards(format_cards(DECK)) == DECK


@pytest.mark.parametrize("bad", ["1S", "AX", "11H", "S", "T", "AS 2Z", "QQS", "10"])
def test_parse_names_the_bad_token(bad):
    with pytest.raises(ValueError) as err:
        parse_cards(bad)
    assert "not a card" in str(err.value)


def test_duplicates_are_an_error():
    with pytest.raises(ValueError, match="twice"):
        parse_cards("AS 2S as")


def test_cards_are_interned_and_immutable():
    assert Card(5, "H") is Card(5, "H")
    with pytest.raises(AttributeError):
        Card(5, "H").rank = 6  # type: ignore[misc]
    with pytest.raises(ValueError):
        Card(14, "H")
