from fractions import Fraction

KINDS = "IBFD"
ATTACK = (3, 3, 4, 10)
HP = (8, 10, 12, 40)
METAL = (10, 12, 14, 40)
PERCENT = (
    (100, 200, 50, 100),
    (50, 100, 200, 100),
    (200, 50, 100, 100),
    (150, 150, 150, 100),
)


def damage_to(fleet, enemy):
    """The damage fleet deals to each kind of enemy ship in one round, split by their numbers."""
    targets = sum(enemy)
    damage = [Fraction(0)] * 4
    if targets == 0:
        return damage
    for k in range(4):
        power = fleet[k] * ATTACK[k]
        for j in range(4):
            damage[j] += Fraction(power * enemy[j] * PERCENT[k][j], targets * 100)
    return damage


def take(fleet, wounds, damage):
    """Whole ships die per kind; what is left over stays as a wound (none once a kind is gone)."""
    for j in range(4):
        total = wounds[j] + damage[j]
        dead = min(fleet[j], total // HP[j])
        fleet[j] -= dead
        wounds[j] = total - dead * HP[j] if fleet[j] else Fraction(0)


def duel(a, b, rounds):
    """The ships each side has left after the rounds, both sides firing at once."""
    a, b = list(a), list(b)
    wounds_a, wounds_b = [Fraction(0)] * 4, [Fraction(0)] * 4
    for _ in range(rounds):
        to_a, to_b = damage_to(b, a), damage_to(a, b)
        take(a, wounds_a, to_a)
        take(b, wounds_b, to_b)
    return [int(n) for n in a], [int(n) for n in b]


def winner(a, b):
    """A or B if only that side has ships left, otherwise draw."""
    if sum(a) and not sum(b):
        return "A"
    if sum(b) and not sum(a):
        return "B"
    return "draw"


def main():
    """Read two fleets and the rounds; print the ships left and the winner."""
    a = [int(x) for x in input().split()]
    b = [int(x) for x in input().split()]
    rounds = int(input())
    a, b = duel(a, b, rounds)
    print("A:", *a)
    print("B:", *b)
    print("winner:", winner(a, b))


def first_mover(a, b, rounds):
    """The same duel, but each round A fires first and B fires back with what is left."""
    a, b = list(a), list(b)
    wounds_a, wounds_b = [Fraction(0)] * 4, [Fraction(0)] * 4
    for _ in range(rounds):
        take(b, wounds_b, damage_to(a, b))
        take(a, wounds_a, damage_to(b, a))
    return [int(n) for n in a], [int(n) for n in b]


def best_counter(enemy, metal):
    """The kind to buy with this much metal: fewest enemy ships left after 3 rounds, then most of ours."""
    best = None
    for k in range(4):
        mine = [metal // METAL[k] if j == k else 0 for j in range(4)]
        left, theirs = duel(mine, enemy, 3)
        key = (sum(theirs), -sum(left), k)
        if best is None or key < best:
            best = key
    return KINDS[best[2]]


def turns_to_arrive(n, lanes, start, goal, speed):
    """Turns a fleet crossing speed lanes a turn needs from start to goal (-1: no way there)."""
    links = [[] for _ in range(n + 1)]
    for x, y in lanes:
        links[x].append(y)
        links[y].append(x)
    dist = [-1] * (n + 1)
    dist[start] = 0
    queue = [start]
    for current in queue:
        for nxt in links[current]:
            if dist[nxt] < 0:
                dist[nxt] = dist[current] + 1
                queue.append(nxt)
    if dist[goal] < 0:
        return -1
    return -(-dist[goal] // speed)
