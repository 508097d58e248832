from rules.words import counted


def test_one_is_singular_and_every_other_number_plural_with_separators() -> None:
    assert counted(1, "player") == "1 player"
    assert counted(0, "player") == "0 players"
    assert counted(2, "worker") == "2 workers"
    assert counted(1_000_000, "game") == "1,000,000 games"
    assert counted(3, "match", "matches") == "3 matches"
