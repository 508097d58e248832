"""The one parser of typed numbers: forms, bounds, and the one sentence for the rest."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from rules import values
from rules.cards import MAX_DEAL
from rules.errors import NumberError, RulesError

pytestmark = pytest.mark.engine_free

COUNT = values.Whole("things", 1, 10**18, counts=True)
SECONDS = values.Seconds("seconds", 0.01, 3600)

# Text no number field takes: huge, float-only, signed, empty, other scripts' digits.
NOT_NUMBERS = ["1" * 5000, "1e400", "inf", "-inf", "nan", "NaN", "Infinity", "-1", "",
               "   ", "١٢", "\uff11\uff12", "²", "1 000", "1__000", "_1", "1_", "1,00", "0x10",
               "1e", "e6", "1.5.5", "+-1", "1e-400", "12\x00", "1" * 41]


@pytest.mark.parametrize(("text", "value"), [
    ("1000000", 10**6), ("1_000_000", 10**6), ("1,000,000", 10**6), ("1e6", 10**6),
    ("1E6", 10**6), ("2.5e6", 2_500_000), ("1e+6", 10**6), (" 7 ", 7), ("1.0", 1),
    ("1e18", 10**18), ("1_000e15", 10**18), ("0.000001e24", 10**18),
])
def test_a_count_is_read_as_people_write_it(text: str, value: int) -> None:
    assert COUNT(text) == value


@pytest.mark.parametrize("text", [*NOT_NUMBERS, "0", "2.5", "1e19", "1000000000000000001",
                                  "1e99", "1e99999999999"])
def test_anything_else_is_one_sentence_with_the_range(text: str) -> None:
    with pytest.raises(NumberError) as error:
        COUNT(text)
    message = str(error.value)
    assert message.startswith("things must be a whole number from 1 to 10¹⁸ (such as")
    assert "\n" not in message and len(message) < 160  # 5000 digits are not repeated


@pytest.mark.parametrize("text", ["1e6", "2.5", "1_0e2"])
def test_a_plain_whole_number_takes_no_exponent(text: str) -> None:
    with pytest.raises(NumberError, match="a seed must be a whole number from 0 to"):
        values.SEED(text)


@pytest.mark.parametrize("deal", [0, 1, 2**63 - 1, 2**63, 2**64 - 1])
def test_deal_numbers_and_seeds_cover_all_64_bits(deal: int) -> None:
    assert values.DEAL(str(deal)) == values.SEED(f"{deal:_}") == values.DEAL(f"{deal:,}") == deal


@pytest.mark.parametrize("text", [str(MAX_DEAL), str(2**65), "-1", *NOT_NUMBERS])
def test_a_deal_number_past_the_last_is_refused(text: str) -> None:
    with pytest.raises(NumberError, match=f"a deal number must be a whole number from 0 to"
                       f" {MAX_DEAL - 1}, not '"):
        values.DEAL(text)


@pytest.mark.parametrize(("text", "value"), [("2", 2.0), ("0.5", 0.5), (".5", 0.5),
                                             ("1e-2", 0.01), ("3600", 3600.0), (" 1 ", 1.0)])
def test_seconds_in_range(text: str, value: float) -> None:
    assert SECONDS(text) == value


@pytest.mark.parametrize("text", [*NOT_NUMBERS, "0", "0.001", "3601", "1e4", "1e99999"])
def test_seconds_out_of_range_or_not_numbers(text: str) -> None:
    with pytest.raises(NumberError, match=r"seconds must be a number from 0\.01 to 3600, not '"):
        SECONDS(text)


def test_the_error_is_a_rules_error_so_every_front_end_shows_it() -> None:
    assert issubclass(NumberError, RulesError) and issubclass(NumberError, ValueError)


def test_check_holds_a_number_given_in_code_to_the_range() -> None:
    assert COUNT.check(5) == 5
    with pytest.raises(NumberError, match=r"not 0$"):
        COUNT.check(0)


def test_bounds_read_at_a_glance() -> None:
    assert [values.shown(n) for n in (10**18, 10**6, 999_999, 100_000, 2**64 - 1, 0.01)] == [
        "10¹⁸", "10⁶", "999999", "100000", "18446744073709551615", "0.01"]


@given(st.text(max_size=60))
def test_any_text_is_a_number_in_range_or_the_sentence(text: str) -> None:
    for parse in (COUNT, values.SEED, SECONDS):
        try:
            value = parse(text)
        except NumberError as error:
            assert "\n" not in str(error)
        else:
            assert parse.low <= value <= parse.high


@given(st.integers(min_value=1, max_value=10**18))
def test_every_count_in_range_reads_back_in_every_form(value: int) -> None:
    assert COUNT(str(value)) == COUNT(f"{value:_}") == COUNT(f"{value:,}") == value
    digits = str(value).rstrip("0")
    assert COUNT(f"{digits}e{len(str(value)) - len(digits)}") == value
