"""Paying for actions with cards (MT-PAY): what one card can give, and whether needs can be met.

An action names its needs: fixed amounts of ``food``, ``stone``, ``gold`` and ``cross`` (a Ship
card's sea crossing), and at most one open need, ``army`` or ``ship``, of at least one symbol.
Cards are paid one at a time; each gives one use (MT-CARD-4): all its symbols of one type,
its crossing, or, with a modifier, one converted value:

- ``merchant`` (Benefit card, consumed): the card's food, stone or gold becomes the resource
  named (MT-IMP-MERCHANT);
- ``farming``, ``gold-mine``, ``quarry``, ``levies`` (Reserve cards, once a turn each): any card
  counts as one food, gold, stone or army (MT-PAY-3);
- ``water-mill`` (Benefit card, consumed): doubles the resource given (MT-IMP-WATER-MILL).

:func:`feasible` answers "can these cards still meet these needs?" exactly, by a memoised
search; the rules offer an action or a payment only when it is (MT-RULING-COMPLETE).
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from functools import cache

from theomachy.games.mythotopia.board import board
from theomachy.games.mythotopia.cards import RESOURCES, catalog

CONVERTERS: dict[str, str] = {
    "farming": "food",
    "gold-mine": "gold",
    "quarry": "stone",
    "levies": "army",
}
NEEDS = ("army", "ship", "food", "stone", "gold", "cross")
MERCHANT, WATER_MILL = "merchant", "water-mill"


@cache
def symbols(card: str) -> tuple[tuple[str, int], ...]:
    """A card's symbols as ``(symbol, count)`` pairs; a Province card has its province's."""
    cat = catalog()
    if card in cat.cards:
        return tuple(sorted(cat.cards[card].symbols.items()))
    b = board()
    if card in b.province_index:
        return ((b.symbol[b.province_index[card]], 1),)
    raise KeyError(f"unknown card {card!r}")


@cache
def crossing(card: str) -> bool:
    """Whether a card can carry an invasion across one sea area (the Ship cards)."""
    found = catalog().cards.get(card)
    return found is not None and found.crossing


def base_value(card: str, use: str) -> int:
    """What ``card`` gives for ``use`` on its own (0: it cannot be used so)."""
    if use == "cross":
        return 1 if crossing(card) else 0
    return dict(symbols(card)).get(use, 0)


def merchant_value(card: str) -> int:
    """What Merchant makes of ``card``: its largest resource symbol count (0: none)."""
    own = dict(symbols(card))
    return max((own.get(r, 0) for r in RESOURCES), default=0)


def pay_value(card: str, use: str, modifier: str | None, doubled: bool) -> int:
    """The symbols a payment gives (0 when that combination is not possible)."""
    if modifier is None:
        value = base_value(card, use)
    elif modifier == MERCHANT:
        value = merchant_value(card) if use in RESOURCES else 0
    elif CONVERTERS.get(modifier) == use:
        value = 1
    else:
        return 0
    if doubled:
        if use not in RESOURCES:
            return 0
        value *= 2
    return value


Needs = tuple[tuple[str, int], ...]


# --- the fast front: canonical hands ------------------------------------------------------------
#
# Random play hardly ever shows the same hand twice, so caching ``feasible`` on card ids misses
# nearly always. What the search looks at, though, is only what each card can give towards the
# needs asked about: two hands that differ only in cards giving the same (a Palmain card and an
# Ictus card for an army) have the same answer. :func:`feasible` maps the hand to such a
# *canonical* form, answers from a cache of those, and runs the exact search only on a miss:
#
# - each card becomes a profile code: its values for the fixed needs, whether it gives the open
#   need, and (only when a Merchant is in the cards and a resource is needed) what Merchant makes
#   of it. Merchant, Water Mill and the cards of converters usable in this payment keep their
#   identity (the search treats them by name);
# - a card that can give nothing, and no converter could make it give something, is left out;
# - at most ``units`` cards of one profile are kept (``units``: the fixed amounts plus one for an
#   open need): each card used pays at least one unit of a need still open, so no payment uses
#   more, and cards of one profile are interchangeable.
#
# Converters whose resource is not asked for cannot be used here, so they are left out of the
# key and their cards are profiled like any other.

_ANSWERS: dict[tuple[object, ...], bool] = {}  # canonical query -> answer
_ANSWERS_LIMIT = 500_000  # a safety bound: canonical queries are few (thousands)
_SPECIAL = 1 << 30  # codes at and above: cards kept by name (never capped)
_DROP = -1  # a card that cannot give anything in this query
_CONVERTER_CODES = {c: _SPECIAL + 1 + i for i, c in enumerate(sorted(CONVERTERS))}


class _Shape:
    """One shape of payment question: the needs, the open need, the converters usable for
    them, whether Merchant can convert; with the profile code of each card (filled lazily)."""

    __slots__ = ("fixed", "merchant", "open_need", "profile", "table", "units", "usable", "wanted")

    def __init__(
        self, needs: Needs, open_need: str | None, converters: tuple[str, ...], merchant_card: bool
    ) -> None:
        self.wanted = tuple((need, amount) for need, amount in needs if amount > 0)
        self.fixed = tuple(need for need, _ in self.wanted)
        self.open_need = open_need
        self.units = sum(amount for _, amount in self.wanted) + (open_need is not None)
        asked = (*self.fixed, open_need) if open_need is not None else self.fixed
        self.usable = tuple(c for c in converters if CONVERTERS[c] in asked)
        self.merchant = merchant_card and any(need in RESOURCES for need in self.fixed)
        # What a card's code depends on (not the amounts): shapes that differ only in amounts
        # share one table, and a hand's codes in one serve them all (see Purse).
        self.profile = (self.fixed, open_need, self.usable, self.merchant)
        self.table: dict[str, int] = _TABLES.setdefault(self.profile, {})

    def code(self, card: str) -> int:
        """The profile code of ``card`` (see the comment above)."""
        code = self.table.get(card)
        if code is None:
            code = self.table[card] = self._profile(card)
        return code

    def _profile(self, card: str) -> int:
        if card in self.usable:
            return _CONVERTER_CODES[card]
        if card == MERCHANT:
            return _SPECIAL + 8
        if card == WATER_MILL:
            return _SPECIAL + 9
        code = 0
        for need in self.fixed:
            code = code * 8 + base_value(card, need)
        open_need = self.open_need
        code = code * 2 + (1 if open_need is not None and base_value(card, open_need) else 0)
        code = code * 8 + (merchant_value(card) if self.merchant else 0)
        if code == 0 and not self.usable:
            return _DROP
        return code

    def count(self, cards: Sequence[str]) -> dict[int, int]:
        """Profile code -> how many of ``cards`` have it (dropped cards left out)."""
        counts: dict[int, int] = {}
        table = self.table
        for card in cards:
            code = table.get(card)
            if code is None:
                code = self.code(card)
            if code != _DROP:
                counts[code] = counts.get(code, 0) + 1
        return counts

    def key(self, counts: dict[int, int]) -> tuple[object, ...]:
        """The canonical question: capped counts, with the needs and usable converters."""
        units = self.units
        return (
            self.wanted,
            self.open_need,
            self.usable,
            tuple(
                sorted(
                    (code, n if n <= units or code >= _SPECIAL else units)
                    for code, n in counts.items()
                    if n
                )
            ),
        )

    def codes(self, cards: Sequence[str]) -> tuple[int, ...]:
        """The sorted profile codes of ``cards``, dropped cards left out (uncapped: a finer
        key than :meth:`key`, but made without a dict of counts)."""
        try:
            codes = sorted(map(self.table.__getitem__, cards))
        except KeyError:
            codes = sorted([self.code(card) for card in cards])
        dropped = codes.count(_DROP)  # _DROP sorts first
        return tuple(codes[dropped:]) if dropped else tuple(codes)

    def reduced(self, cards: Sequence[str]) -> tuple[str, ...]:
        """``cards`` less the dropped ones and the copies over the cap: the same answer, a
        smaller search."""
        kept: list[str] = []
        seen: dict[int, int] = {}
        for card in cards:
            code = self.code(card)
            if code == _DROP:
                continue
            n = seen[code] = seen.get(code, 0) + 1
            if n <= self.units or code >= _SPECIAL:
                kept.append(card)
        return tuple(sorted(kept))


_SHAPES: dict[tuple[object, ...], _Shape] = {}
_TABLES: dict[tuple[object, ...], dict[str, int]] = {}  # profile -> card -> code


def _shape(
    needs: Needs, open_need: str | None, converters: tuple[str, ...], merchant_card: bool
) -> _Shape:
    key = (needs, open_need, converters, merchant_card)
    shape = _SHAPES.get(key)
    if shape is None:
        shape = _SHAPES[key] = _Shape(needs, open_need, converters, merchant_card)
    return shape


def _solve(
    shape: _Shape, key: tuple[object, ...], cards: Sequence[str], converters: tuple[str, ...]
) -> bool:
    """Answer a canonical question not seen before, by the exact search, and remember it."""
    if len(_ANSWERS) >= _ANSWERS_LIMIT:
        _ANSWERS.clear()
    answer = _ANSWERS[key] = _feasible_search(
        shape.reduced(cards), converters, shape.wanted, shape.open_need
    )
    return answer


def feasible(
    cards: Sequence[str], converters: tuple[str, ...], needs: Needs, open_need: str | None
) -> bool:
    """Whether ``cards`` (sorted ids, Merchant and Water Mill included as ordinary cards) with
    the unused ``converters`` can pay every amount in ``needs`` and, if ``open_need`` is set,
    at least one symbol of it."""
    # Straight to the canonical answer: a cache keyed on whole hands (tried) missed on a
    # quarter of the questions of random play, where hands hardly repeat.
    return _canonical_answer(cards, converters, needs, open_need)


_CODED: dict[tuple[object, ...], bool] = {}  # (shape, sorted kept codes) -> answer


def _canonical_answer(
    cards: Sequence[str], converters: tuple[str, ...], needs: Needs, open_need: str | None
) -> bool:
    shape = _shape(needs, open_need, converters, MERCHANT in cards)
    if not shape.units:
        return True
    return _coded_answer(shape, shape.codes(cards), cards, converters)


def _coded_answer(
    shape: _Shape, codes: tuple[int, ...], cards: Sequence[str], converters: tuple[str, ...]
) -> bool:
    """The answer for ``cards`` (whose sorted kept codes in ``shape`` are ``codes``): first by
    the shape (a lasting object: hashed by identity) and the codes, cheap to make; the capped
    canonical key only when that misses."""
    coded = (shape, codes)
    answer = _CODED.get(coded)
    if answer is None:
        key = shape.key(shape.count(cards))
        answer = _ANSWERS.get(key)
        if answer is None:
            answer = _solve(shape, key, cards, converters)
        if len(_CODED) >= _ANSWERS_LIMIT:
            _CODED.clear()
        _CODED[coded] = answer
    return answer


# --- one player's cards at one position ---------------------------------------------------------

_MOST_LIMIT = 200_000  # a bound on memory: past it the cache starts afresh


class Purse:
    """One player's cards (hand and Reserve) and unused converters at one position, asked
    many payment questions, some with a card or two set aside (the card played for its text
    or its province).

    Each shape of question (needs, open need) reads the cards' profile codes once; a card
    set aside takes its code out of them, so a question is one lookup in ``_CODED``. (A
    cache keyed on whole hands, tried before, missed a quarter of the questions of random
    play: hands hardly repeat.) Shapes that differ only in amounts share their codes."""

    __slots__ = ("cards", "converted", "converters", "merchant", "profiles", "shapes")

    def __init__(self, cards: tuple[str, ...], converters: tuple[str, ...]) -> None:
        self.cards = cards
        self.converters = converters
        self.converted = {CONVERTERS[c] for c in converters}  # what the converters can give
        self.merchant = MERCHANT in cards
        self.shapes: dict[tuple[Needs, str | None], tuple[_Shape, tuple[int, ...]]] = {}
        self.profiles: dict[tuple[object, ...], tuple[int, ...]] = {}  # profile -> codes

    def _coded(self, needs: Needs, open_need: str | None) -> tuple[_Shape, tuple[int, ...]]:
        """The shape of a question and the sorted kept codes of all the cards in it."""
        key = (needs, open_need)
        found = self.shapes.get(key)
        if found is None:
            shape = _shape(needs, open_need, self.converters, self.merchant)
            codes = self.profiles.get(shape.profile)
            if codes is None:
                codes = self.profiles[shape.profile] = shape.codes(self.cards)
            found = self.shapes[key] = (shape, codes)
        return found

    def can(self, needs: Needs, open_need: str | None, exclude: tuple[str, ...] = ()) -> bool:
        """``feasible(cards less exclude, converters, needs, open_need)``."""
        if not needs and not exclude and open_need in _GIVES and open_need not in self.converted:
            # One symbol of an army or ship, no converter for it: Merchant and Water Mill
            # work on resources only, so any card showing the symbol pays it.
            return not _GIVES[open_need].isdisjoint(self.cards)
        shape, codes = self._coded(needs, open_need)
        if not shape.units:
            return True
        if exclude:
            if MERCHANT in exclude and self.cards.count(MERCHANT) == 1:
                # Without a Merchant card the question has another shape.
                return _canonical_answer(self._rest(exclude), self.converters, needs, open_need)
            kept = list(codes)
            table = shape.table  # every card's code: filled by ``codes``
            for card in exclude:
                code = table[card]
                if code != _DROP:
                    kept.remove(code)
            codes = tuple(kept)
        answer = _CODED.get((shape, codes))
        if answer is None:
            answer = _coded_answer(shape, codes, self._rest(exclude), self.converters)
        return answer

    def _rest(self, exclude: tuple[str, ...]) -> list[str]:
        rest = list(self.cards)
        for card in exclude:
            rest.remove(card)
        return rest

    def most(self, resource: str) -> int:
        """``max_resource(cards, converters, resource)``, cached on the codes of the cards in
        the shape of ``resource`` (what ``max_resource`` keys its own cache on)."""
        cards = self.cards
        if not self.merchant and resource not in self.converted and WATER_MILL not in cards:
            # No modifier at hand: each card gives its own symbols, so every total up to
            # their sum can be paid (overpaying allowed) and no more.
            total = sum(map(_VALUES[resource].__getitem__, cards))
            return total if total < _MOST_CAP else _MOST_CAP
        key = self._coded(((resource, 1),), None)
        found = _MOST.get(key)
        if found is None:
            if len(_MOST) >= _MOST_LIMIT:
                _MOST.clear()
            found = _MOST[key] = max_resource(self.cards, self.converters, resource)
        return found


_MOST: dict[tuple[object, ...], int] = {}  # (shape, codes) -> max_resource
_MOST_CAP = 40  # max_resource counts no further


def _values(resource: str) -> dict[str, int]:
    """Card -> the ``resource`` symbols it shows (every Starting, Improvement, Province card)."""
    every = [*catalog().cards, *board().province_index]
    return {card: base_value(card, resource) for card in every}


_VALUES: dict[str, dict[str, int]] = {resource: _values(resource) for resource in RESOURCES}


def _givers(need: str) -> frozenset[str]:
    """Every card (Starting, Improvement, Province) that shows ``need``'s symbol."""
    every = [*catalog().cards, *board().province_index]
    return frozenset(card for card in every if base_value(card, need))


_GIVES = {need: _givers(need) for need in ("army", "ship")}  # the open needs


def _feasible_search(
    cards: tuple[str, ...], converters: tuple[str, ...], needs: Needs, open_need: str | None
) -> bool:
    """The exact search behind :func:`feasible` (same arguments): every split of Merchant and
    Water Mill cards between modifiers and ordinary cards, then :func:`_search`."""
    wanted = {need: amount for need, amount in needs if amount > 0}
    if not wanted and open_need is None:
        return True
    merchants = cards.count(MERCHANT)
    mills = cards.count(WATER_MILL)
    for used_merchants in range(merchants + 1):
        for used_mills in range(mills + 1):
            rest = list(cards)
            for _ in range(used_merchants):
                rest.remove(MERCHANT)
            for _ in range(used_mills):
                rest.remove(WATER_MILL)
            if _search(tuple(rest), converters, needs, open_need, used_merchants, used_mills):
                return True
    return False


def _search(
    cards: tuple[str, ...],
    converters: tuple[str, ...],
    needs: Needs,
    open_need: str | None,
    merchants: int,
    mills: int,
) -> bool:
    need_names = [n for n, _ in needs] + ([open_need] if open_need else [])
    seen: dict[tuple[object, ...], bool] = {}
    # Bounds for cutting hopeless branches (the answer is the same, found sooner): the most
    # the cards from i on could give towards each fixed need, each card counted at its best
    # use for that need; whether any of them could give the open need.
    count = len(cards)
    bound = [[0] * len(needs) for _ in range(count + 1)]
    opens = [False] * (count + 1)
    for i in range(count - 1, -1, -1):
        card = cards[i]
        tops = [_top(card, need, converters, merchants, mills) for need, _ in needs]
        bound[i] = [a + b for a, b in zip(bound[i + 1], tops, strict=True)]
        if open_need:
            opens[i] = opens[i + 1] or _top(card, open_need, converters, merchants, mills) > 0
    Option = tuple[str, int, int, int, str | None]

    def options(
        card: str, remaining: dict[str, int], open_left: bool, m: int, w: int, conv: tuple[str, ...]
    ) -> Iterator[Option]:
        # Every (need, amount, merchant used, mill used, converter used) this card can give.
        for need in need_names:
            if need == open_need:
                if not open_left:
                    continue
            elif remaining.get(need, 0) <= 0:
                continue
            doubles = (False, True) if w > 0 and need in RESOURCES else (False,)
            for doubled in doubles:
                value = pay_value(card, need, None, doubled)
                if value:
                    yield need, value, 0, int(doubled), None
                if m > 0 and need in RESOURCES:
                    value = pay_value(card, need, MERCHANT, doubled)
                    if value:
                        yield need, value, 1, int(doubled), None
                for converter in conv:
                    if CONVERTERS[converter] == need:
                        yield (
                            need,
                            pay_value(card, need, converter, doubled),
                            0,
                            int(doubled),
                            converter,
                        )

    def go(
        i: int,
        remaining: tuple[int, ...],
        open_left: bool,
        m: int,
        w: int,
        conv: tuple[str, ...],
        spent: tuple[str, ...],
    ) -> bool:
        # ``conv``: converters still usable; ``spent``: converters used in this search, whose
        # own card may then not be paid as well (one card, one use: MT-RULING-RESERVE-USE).
        if not open_left and all(r <= 0 for r in remaining):
            return True
        if i == count or (open_left and not opens[i]):
            return False
        for still, most in zip(remaining, bound[i], strict=True):
            if still > most:
                return False
        key = (i, remaining, open_left, m, w, conv, spent)
        if key in seen:
            return seen[key]
        result = go(i + 1, remaining, open_left, m, w, conv, spent)  # leave this card unused
        card = cards[i]
        if not result and card not in spent:
            left = dict(zip([n for n, _ in needs], remaining, strict=True))
            for need, value, dm, dw, converter in options(card, left, open_left, m, w, conv):
                if converter == card:
                    continue
                after = dict(left)
                still_open = open_left
                if need == open_need and need not in after:
                    still_open = False
                else:
                    after[need] = max(0, after[need] - value)
                # A converter paid as a card stops converting; one used marks its card spent.
                next_conv = tuple(c for c in conv if c not in (converter, card))
                next_spent = (*spent, converter) if converter else spent
                if go(
                    i + 1,
                    tuple(after[n] for n, _ in needs),
                    still_open,
                    m - dm,
                    w - dw,
                    next_conv,
                    next_spent,
                ):
                    result = True
                    break
        seen[key] = result
        return result

    return go(
        0, tuple(a for _, a in needs), open_need is not None, merchants, mills, converters, ()
    )


def _top(card: str, need: str, converters: tuple[str, ...], merchants: int, mills: int) -> int:
    """The most ``card`` can give towards ``need`` in one payment with these modifiers at
    hand (an upper bound for :func:`_search`)."""
    best = 0
    for doubled in (False, True) if mills else (False,):
        for modifier in (None, MERCHANT if merchants else None, *converters):
            best = max(best, pay_value(card, need, modifier, doubled))
    return best


_MAXIMA: dict[tuple[object, ...], int] = {}  # canonical hand -> max_resource


def max_resource(cards: tuple[str, ...], converters: tuple[str, ...], resource: str) -> int:
    """The most of one resource ``cards`` can give (for offers such as Buy).

    Cached on the canonical hand (see :func:`feasible`) with uncapped counts: they determine
    the capped ones of every amount tried."""
    shape = _shape(((resource, 1),), None, converters, MERCHANT in cards)
    key = (resource, shape.usable, tuple(sorted(shape.count(cards).items())))
    total = _MAXIMA.get(key)
    if total is None:
        if len(_MAXIMA) >= _ANSWERS_LIMIT:
            _MAXIMA.clear()
        total = 0
        while total < _MOST_CAP and feasible(cards, converters, ((resource, total + 1),), None):
            total += 1
        _MAXIMA[key] = total
    return total


@cache
def signature(card: str) -> str:
    """What a card is to payments: its id for Merchant, Water Mill and the converters (the
    search treats them by name), else its symbols and crossing. Cards of one signature are
    interchangeable in every payment question, so answers can be shared between them."""
    if card in CONVERTERS or card in (MERCHANT, WATER_MILL):
        return card
    marks = ",".join(f"{symbol}{count}" for symbol, count in symbols(card))
    return f"~{marks}{'+cross' if crossing(card) else ''}"
