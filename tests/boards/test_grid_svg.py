"""The drawing of the Grid: well-formed SVG showing what the view holds, and only that."""

from __future__ import annotations

import xml.etree.ElementTree as ET
from typing import Any

import nomicon
from nomicon.server.svg import grid

SVG = "{http://www.w3.org/2000/svg}"


def small_view() -> dict[str, Any]:
    return {
        "board": {
            "width": 6, "height": 5, "temperature": -2, "nweek": 3,
            "squares": {"2,2": {"substance": "Fire", "depth": 0, "wet": False, "frozen": False},
                        "3,3": {"substance": "Turf", "depth": 0, "wet": True, "frozen": False},
                        "4,4": {"substance": "Turf", "depth": 0, "wet": False, "frozen": True}},
        },
        "entities": {
            "big-rock-1": {"kind": "big-rock", "owner": None, "location": [5, 3],
                           "airborne": None},
            "siren-1": {"kind": "siren", "owner": None, "location": [5, 3], "name": "Siren <1>",
                        "airborne": None},
            "big-stick": {"kind": "big-stick", "owner": None, "location": None,
                          "airborne": [1, 5]},
            "yeti": {"kind": "yeti", "owner": None, "location": [6, 5], "airborne": None},
            "pinball-gun-1": {"kind": "pinball-gun", "owner": "alice", "location": "alice",
                              "airborne": None},
        },
        "players": {"alice": {"location": [1, 1], "status": []},
                    "bob": {"location": "Limbo", "status": []},
                    "carol": {"location": None, "airborne": [2, 4], "status": ["Toad"]}},
    }


def parse(drawing: str) -> ET.Element:
    return ET.fromstring(drawing)


def groups(root: ET.Element, cls: str) -> list[ET.Element]:
    return [g for g in root.iter(f"{SVG}g") if g.get("class") == cls]


def test_a_small_view_is_drawn_square_by_square() -> None:
    drawing = grid.draw(small_view(), "alice")
    root = parse(drawing)
    assert root.get("role") == "img"
    squares = groups(root, "square")
    assert len(squares) == 30
    assert {s.get("data-square") for s in squares} == {f"{x},{y}" for x in range(1, 7)
                                                      for y in range(1, 6)}
    assert "(2,2): Fire" in drawing and "(3,3): Turf, wet" in drawing
    assert "(4,4): Turf, frozen" in drawing
    assert any(e.get("class") == "wet" for e in root.iter(f"{SVG}rect"))
    assert any(e.get("class") == "frozen" for e in root.iter(f"{SVG}path"))


def test_1_1_is_in_the_lower_left() -> None:
    root = parse(grid.draw(small_view(), "alice"))
    rects = {g.get("data-square"): g.find(f"{SVG}rect") for g in groups(root, "square")}

    def xy(name: str) -> tuple[float, float]:
        rect = rects[name]
        assert rect is not None
        return float(rect.get("x", "0")), float(rect.get("y", "0"))

    assert xy("1,1")[0] < xy("6,1")[0]
    assert xy("1,1")[1] > xy("1,5")[1]  # y grows upwards on the page
    labels = [t.text for g in root.iter(f"{SVG}g") if g.get("class") == "axes"
              for t in g.iter(f"{SVG}text")]
    assert labels == ["1", "2", "3", "4", "5", "6", "1", "2", "3", "4", "5"]


def test_objects_by_kind_with_a_legend_and_siren_zones() -> None:
    drawing = grid.draw(small_view(), "alice")
    root = parse(drawing)
    kinds = [g.get("data-kind") for g in groups(root, "object")
             if not str(g.get("data-object")).startswith("legend-")]
    # Objects held or in the air are on no square.
    assert sorted(kinds) == ["big-rock", "siren", "yeti"]
    legend = groups(root, "legend")[0]
    assert "Big Rock" in ET.tostring(legend, encoding="unicode")
    zones = [r for r in root.iter(f"{SVG}rect") if "zone" in (r.get("class") or "")]
    zoe = [r for r in zones if "zone-zoe" in (r.get("class") or "")]
    assert len(zoe) == 8  # the ring of 8 around (5,3)
    assert len(zones) - len(zoe) == 11  # the ring of 16, clipped by the edge at x = 6
    assert "Siren &lt;1&gt;" in drawing  # text from the game is escaped


def test_players_limbo_and_things_in_the_air() -> None:
    root = parse(grid.draw(small_view(), "alice"))
    tokens = {g.get("data-player") for g in groups(root, "token")}
    assert tokens == {"alice", "bob"}
    limbo = groups(root, "place")
    assert [p.get("data-place") for p in limbo] == ["Limbo"]
    airborne = groups(root, "airborne")
    assert {g.get("data-object") or g.get("data-player") for g in airborne} == {"big-stick",
                                                                                 "carol"}
    desc = root.findtext(f"{SVG}desc", "")
    assert "alice at (1,1)" in desc and "bob in Limbo" in desc and "carol in the air" in desc
    assert "Temperature -2 °C" in desc


def test_a_players_view_shows_only_what_eir_radar_reveals() -> None:
    game = nomicon.new_game("bnomic-grid", ["alice", "bob"], seed=1)
    game.act("alice", "enter", x=3, y=3)
    game.act("admin", "place-bonus-box", x=4, y=4, points=3)
    game.act("admin", "place-bonus-box", x=15, y=15, points=-3)
    mine = parse(grid.draw(game.view("alice"), "alice"))
    boxes = [g for g in groups(mine, "object") if g.get("data-kind") == "bonus-box"
             and g.get("data-object") != "legend-bonus-box"]
    assert [g.get("data-object") for g in boxes] == ["bonus-box-1"]
    assert "revealed by your Radar" in ET.tostring(boxes[0], encoding="unicode")
    assert any(r.get("class") == "radar" for r in mine.iter(f"{SVG}rect"))
    theirs = grid.draw(game.view("bob"), "bob")
    assert 'data-kind="bonus-box"' not in theirs
    admins = grid.draw(game.view("admin"), "admin")
    assert admins.count('data-object="bonus-box-') == 2


def test_an_empty_board_gets_a_placeholder() -> None:
    parse(grid.draw({"board": {"width": 0, "height": 0}}, "alice"))
    drawing = grid.draw({}, "observer")  # no board in the view: the default 20 by 20
    assert len(groups(parse(drawing), "square")) == 400


def test_what_radar_reveals_names_the_radar_rules_by_their_class_ids() -> None:
    from nomicon.packs.bnomic_grid.radar import Radar, RadarTowers
    from nomicon.packs.bnomic_grid.sight import RADAR, RADAR_TOWERS

    assert (Radar.class_id(), RadarTowers.class_id()) == (RADAR, RADAR_TOWERS)
