"""A world written out as plain text, so that two worlds compare with one ==."""
from __future__ import annotations

from cosmos.world import World


def world_text(world: World) -> str:
    """Every fact new_world decides, one line each."""
    lines = [f"seed {world.seed} turn {world.turn} pace {world.pace}"]
    for s in world.systems:
        lines.append(f"system {s.id} {s.name} ({s.x},{s.y}) cls {s.cls} links {s.links} planets {s.planets}")
    for p in world.planets:
        lines.append(
            f"planet {p.id} sys {p.system_id} #{p.index} type {p.type_index} rich {p.rich} owner {p.owner} "
            f"mines {p.mines} lab {p.lab} yard {p.yard} fort {p.fort}"
        )
    for e in world.empires:
        lines.append(f"empire {e.id} {e.letter} {e.name} {e.personality} human {e.human} "
                     f"capital {e.capital} stock {e.stock}")
    for f in world.fleets:
        lines.append(f"fleet {f.id} owner {f.owner} at {f.system} ships {f.ships}")
    lines.append(f"rng {world.rng.get_state()}")
    return "\n".join(lines) + "\n"
