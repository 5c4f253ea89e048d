"""A map file read once is kept in the cache, keyed by its bytes: the same map back, never a stale
one, and a damaged or foreign entry is no reason to fail."""

from __future__ import annotations

import json
import os
import pickle

import pytest

from railhead.errors import InputError
from railhead.mapdata import cache
from railhead.mapdata.io import mapdata_document, read_mapdata, write_mapdata
from railhead.mapdata.sample import sample_map


@pytest.fixture
def cache_dir(tmp_path, monkeypatch):
    d = tmp_path / "cache"
    monkeypatch.setenv("RAILHEAD_CACHE_DIR", str(d))
    return d


def test_the_cached_map_is_the_map_and_a_change_of_the_file_is_a_new_entry(tmp_path, cache_dir):
    write_mapdata(sample_map(), tmp_path / "m.json")
    first = cache.read_mapdata_cached(tmp_path / "m.json")
    assert len(list(cache_dir.glob("*.pickle"))) == 1
    again = cache.read_mapdata_cached(tmp_path / "m.json")
    assert (
        mapdata_document(again)
        == mapdata_document(first)
        == mapdata_document(read_mapdata(tmp_path / "m.json"))
    )
    doc = mapdata_document(sample_map())
    doc["hexes"][0]["terrain"] = "mountain" if doc["hexes"][0]["terrain"] != "mountain" else "clear"
    (tmp_path / "m.json").write_text(json.dumps(doc))
    third = cache.read_mapdata_cached(tmp_path / "m.json")
    assert third.hexes[doc["hexes"][0]["id"]].terrain == doc["hexes"][0]["terrain"]  # never the stale map
    assert len(list(cache_dir.glob("*.pickle"))) == 2


def test_a_damaged_or_foreign_entry_is_read_past(tmp_path, cache_dir):
    write_mapdata(sample_map(), tmp_path / "m.json")
    cache.read_mapdata_cached(tmp_path / "m.json")
    (entry,) = cache_dir.glob("*.pickle")
    entry.write_bytes(b"not a pickle")
    assert len(cache.read_mapdata_cached(tmp_path / "m.json").hexes) == len(sample_map().hexes)
    entry.write_bytes(pickle.dumps({"a": "dict, not a map"}))
    assert len(cache.read_mapdata_cached(tmp_path / "m.json").hexes) == len(sample_map().hexes)


def test_an_entry_others_may_write_is_never_loaded(tmp_path, cache_dir, monkeypatch):
    write_mapdata(sample_map(), tmp_path / "m.json")
    cache.read_mapdata_cached(tmp_path / "m.json")
    (entry,) = cache_dir.glob("*.pickle")
    os.chmod(entry, 0o666)
    loaded = []
    monkeypatch.setattr(cache.pickle, "load", lambda fh: loaded.append(1))
    cache.read_mapdata_cached(tmp_path / "m.json")
    assert loaded == []


def test_bad_map_files_are_refused_as_without_the_cache(tmp_path, cache_dir):
    (tmp_path / "bad.json").write_text("{")
    with pytest.raises(InputError, match="malformed JSON"):
        cache.read_mapdata_cached(tmp_path / "bad.json")
    with pytest.raises(InputError, match="no such"):
        cache.read_mapdata_cached(tmp_path / "none.json")
    assert not list(cache_dir.glob("*.pickle"))


def test_the_cache_can_be_turned_off(tmp_path, monkeypatch):
    monkeypatch.setenv("RAILHEAD_CACHE_DIR", "off")
    assert cache.cache_dir() is None
    write_mapdata(sample_map(), tmp_path / "m.json")
    assert len(cache.read_mapdata_cached(tmp_path / "m.json").hexes) == len(sample_map().hexes)
