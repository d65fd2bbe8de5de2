"""Token-bucket rate limits: per WebSocket connection and per HTTP client address."""

from __future__ import annotations

import time
from collections import OrderedDict


class TokenBucket:
    """``rate`` requests a second on average, bursts of up to ``burst``."""

    __slots__ = ("burst", "rate", "stamp", "tokens")

    def __init__(self, rate: float, burst: float) -> None:
        self.rate = rate
        self.burst = burst
        self.tokens = burst
        self.stamp = time.monotonic()

    def allow(self, cost: float = 1.0) -> bool:
        """Take ``cost`` tokens if there are that many. A cost above the burst is allowed from
        a full bucket and charged in full (the bucket goes into debt), so an expensive request
        is possible but the client then waits for all of it."""
        moment = time.monotonic()
        self.tokens = min(self.burst, self.tokens + (moment - self.stamp) * self.rate)
        self.stamp = moment
        needed = min(cost, self.burst)
        if self.tokens >= needed:
            self.tokens -= cost
            return True
        return False


class ClientLimits:
    """One bucket per client key (an address), forgetting the least recently seen clients
    beyond ``capacity`` so memory stays bounded."""

    def __init__(self, rate: float, burst: float, capacity: int = 10_000) -> None:
        self.rate = rate
        self.burst = burst
        self.capacity = capacity
        self._buckets: OrderedDict[str, TokenBucket] = OrderedDict()

    def allow(self, key: str, cost: float = 1.0) -> bool:
        """Whether the client ``key`` may make one more request (of ``cost``) now."""
        bucket = self._buckets.get(key)
        if bucket is None:
            bucket = self._buckets[key] = TokenBucket(self.rate, self.burst)
            if len(self._buckets) > self.capacity:
                self._buckets.popitem(last=False)
        else:
            self._buckets.move_to_end(key)
        return bucket.allow(cost)
