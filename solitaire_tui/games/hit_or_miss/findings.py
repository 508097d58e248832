"""Hit or Miss's findings: the questions its sources leave open (does the order of the
misses matter, would a shuffle between passes help, is 13 passes without a match the
end, how long can a zero-strike game be), answered by runs on fixed deals.

Each answer is worked out when asked (``stats.findings``): a million deals a
comparison, a few seconds each on two cores, and a zero-strike search on a budget
of ten million draws.
"""

from __future__ import annotations

from collections.abc import Sequence

from rules.cards import format_cards
from solitaire_tui.games.game import Game
from solitaire_tui.stats.findings import Finding, Stop, Stopped, compared, verdict
from solitaire_tui.stats.runs import ONLY_FIRST, ONLY_HERE, percent

GAMES = 1_000_000
SEED = 0
LIMITS = ("unlimited", "roll-call", "two-strike")
SEARCH_NODES = 10_000_000  # the zero-strike search's budget: some seconds
SEARCH_SEED = 7  # the search command's default seed


def _stats(compare: str, variants: Sequence[str]) -> tuple[str, ...]:
    return tuple(f"solitaire-tui stats hit-or-miss --variant {variant} --compare {compare}"
                 f" -n {GAMES} --seed {SEED}" for variant in variants)


def findings(game: Game) -> Sequence[Finding]:
    def compare_orders(stop: Stop, order: str, limits: Sequence[str]) -> str:
        rows = []
        for variant in limits:
            first, later = compared(game, {"variant": variant}, "order", ("same", order),
                                    GAMES, SEED, stop)
            rows.append(f"- **{variant}**: " + verdict(
                first, later, f"{order} wins more often", f"{order} wins less often",
                "no difference this many deals can show"))
        return "\n".join(rows)

    def thirteen(stop: Stop) -> str:
        first, later = compared(game, {}, "variant", ("unlimited", "strikes=13"), GAMES,
                                SEED, stop)
        differ = (later.histograms[ONLY_HERE].counts[1]
                  + later.histograms[ONLY_FIRST].counts[1])
        if differ:
            return (f"No: on {GAMES:,} deals, play that stops after 13 passes in a row"
                    f" without a match decides {differ:,} of them otherwise than unlimited"
                    " play.")
        return (f"Yes: on {GAMES:,} deals, play that stops after 13 passes in a row without"
                f" a match wins exactly the deals unlimited play wins"
                f" ({percent(first.win_rate)}), no deal decided otherwise. The rules say"
                " why: a pass with no match changes nothing when the stock's size is a"
                " multiple of 13 (the counts come round to the same cards), so the game is"
                " lost then; at any other size some card must match within 13 passes.")

    def zero_strike(stop: Stop) -> str:
        from rules import zero_strike as rules
        from rules.fast import batch
        from rules.fast.zero_strike import search
        from solitaire_tui.games.hit_or_miss.kernel import kernel

        best = None
        for found in search(SEARCH_SEED, SEARCH_NODES, rules.DEFAULT_BEAM, stop=stop):
            best = found
        # As the command counts them: deals from the search's seed on.
        run = batch.run(kernel(rules.ZERO_STRIKE), SEARCH_SEED, GAMES, stop=stop)
        if stop() or run.cancelled:
            raise Stopped
        (tally,) = run.tallies
        longest = ("none found" if best is None else
                   f"**{best.passes} passes**, with the deck {format_cards(best.deck)}")
        return (f"The longest zero-strike game a search of {SEARCH_NODES:,} draws builds:"
                f" {longest}. (The sources knew 17 to 26 passes; 52 is the bound, one card"
                f" a pass.) At random they are rare: {tally.wins:,} of {GAMES:,} deals"
                f" ({percent(tally.win_rate)}) are won without a strike.")

    return (
        Finding("Does reversing the pass order help?",
                _stats("order=same,reversed", LIMITS),
                lambda stop: compare_orders(stop, "reversed", LIMITS)),
        Finding("Would shuffling the misses between passes help?",
                _stats("order=same,shuffled", LIMITS[1:]),
                lambda stop: compare_orders(stop, "shuffled", LIMITS[1:])
                + "\n\n(Unlimited play with a shuffle is always won in the end, as some card"
                " can always match: only the strike limits are compared.)"),
        Finding("Is 13 passes in a row without a match always the end?",
                (f"solitaire-tui stats hit-or-miss --compare variant=unlimited,strikes=13"
                 f" -n {GAMES} --seed {SEED}",), thirteen),
        Finding("How long can a zero-strike game be?",
                (f"solitaire-tui search zero-strike --nodes {SEARCH_NODES} --seed"
                 f" {SEARCH_SEED} --games {GAMES}",), zero_strike),
    )
