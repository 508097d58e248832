import pytest

from rules.words import a_number, clause, counted, sentence_start

pytestmark = pytest.mark.engine_free


def test_one_is_singular_and_every_other_number_plural_with_separators() -> None:
    assert counted(1, "player") == "1 player"
    assert counted(0, "player") == "0 players"
    assert counted(2, "worker") == "2 workers"
    assert counted(1_000_000, "game") == "1,000,000 games"
    assert counted(3, "match", "matches") == "3 matches"


def test_the_article_before_a_number_is_the_one_it_is_said_with() -> None:
    assert [a_number(n, "pass") for n in (7, 8, 11, 18, 36, 80, 110, 11_000)] == [
        "a 7-pass", "an 8-pass", "an 11-pass", "an 18-pass", "a 36-pass", "an 80-pass",
        "a 110-pass", "an 11000-pass"]


def test_a_sentence_starts_with_a_capital_and_a_clause_with_a_small_letter() -> None:
    assert sentence_start("no scheduler answered") == "No scheduler answered"
    assert sentence_start("") == "" and clause("") == ""
    assert sentence_start("é is kept as it was typed") == "É is kept as it was typed"
    assert clause("Name or service not known") == "name or service not known"
    assert clause("a") == "a" and sentence_start("A") == "A"
