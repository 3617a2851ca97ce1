"""The official firebase-admin Python SDK's `db` module, unmodified, against a live Latchkey with
only its documented configuration: `credentials.Certificate(<service-account file>)` made by
`latchkey apps service-account create`, and `databaseURL` the server's HTTPS URL. The SDK signs
an assertion with the file's key, exchanges it at the file's `token_uri` for a confidential
client's token (admin access to the app's tree), and speaks the Realtime Database REST protocol:
reads, writes, ETags, transactions, queries over `.indexOn` rules, streaming, and
`databaseAuthVariableOverride` limited by the rules."""

import os
import queue
import threading

import firebase_admin
import pytest
import requests
from firebase_admin import credentials, db, exceptions

import tls_latchkey
from latchkey_server import BINARY, CLIENT_ID, CLIENT_SECRET, TOKEN_ENDPOINT, URL

# The rules the queries run under: the new-app default for /users/$uid, and the indexes they use.
RULES = """{
  "rules": {
    "users": {
      "$uid": {".read": "auth != null && auth.uid == $uid", ".write": "auth != null && auth.uid == $uid"}
    },
    "scores": {".indexOn": ["score"]},
    "values": {".indexOn": ".value"}
  }
}"""
EVENT_TIMEOUT = 15  # seconds one streamed event may take


@pytest.fixture(scope="module", params=tls_latchkey.STORES)
def server(request):
    """A Latchkey of its own serving HTTPS, on each store, trusted through REQUESTS_CA_BUNDLE while
    the module runs."""
    started, running = tls_latchkey.start(BINARY, "firebase-admin", request.param)
    previous = os.environ.get("REQUESTS_CA_BUNDLE")
    os.environ["REQUESTS_CA_BUNDLE"] = started.ca_file
    try:
        yield started
    finally:
        if previous is None:
            os.environ.pop("REQUESTS_CA_BUNDLE", None)
        else:
            os.environ["REQUESTS_CA_BUNDLE"] = previous
        tls_latchkey.stop(running)


@pytest.fixture(scope="module")
def admin(server):
    """firebase-admin configured as its documentation says."""
    app = firebase_admin.initialize_app(
        credentials.Certificate(server.key_file), {"databaseURL": server.url}, name=f"latchkey-admin-{server.client_id}")
    yield app
    firebase_admin.delete_app(app)


@pytest.fixture(scope="module")
def indexed(server, admin):
    """The suite's rules, uploaded as the protocol does (`PUT /.settings/rules.json`) with the
    admin's own token; for the queries that need an `.indexOn`."""
    token = admin.credential.get_access_token().access_token
    uploaded = requests.put(
        f"{server.url}/.settings/rules.json", data=RULES, headers={"Authorization": f"Bearer {token}"}, timeout=30)
    assert uploaded.status_code == 200, uploaded.text
    return admin


def overridden_app(server, name: str, auth_override):
    """Another firebase-admin app of the same key file with `databaseAuthVariableOverride`."""
    return firebase_admin.initialize_app(
        credentials.Certificate(server.key_file),
        {"databaseURL": server.url, "databaseAuthVariableOverride": auth_override}, name=name)


def test_set_and_get(admin):
    ref = db.reference("/profiles/ada", app=admin)
    value = {"name": "Ada", "born": 1815, "languages": ["en", "fr"], "notes": {"engine": True, "pi": 3.14}}
    ref.set(value)
    assert ref.get() == value
    assert ref.child("notes/pi").get() == 3.14
    ref.child("title").set("Countess")
    assert ref.child("title").get() == "Countess"
    assert db.reference("/profiles/nobody/name", app=admin).get() is None
    assert db.reference("/profiles", app=admin).get(shallow=True) == {"ada": True}


def test_get_with_etag_and_set_if_unchanged(admin):
    ref = db.reference("/etagged", app=admin)
    ref.set({"version": 1})
    value, etag = ref.get(etag=True)
    assert value == {"version": 1} and etag
    assert ref.get_if_changed(etag) == (False, None, None)
    written, value, new_etag = ref.set_if_unchanged(etag, {"version": 2})
    assert written and value == {"version": 2} and new_etag != etag
    # A stale ETag writes nothing and hands back what is there now.
    written, current, current_etag = ref.set_if_unchanged(etag, {"version": 3})
    assert not written and current == {"version": 2} and current_etag == new_etag
    assert ref.get_if_changed(etag) == (True, {"version": 2}, new_etag)


def test_update_writes_several_paths_at_once(admin):
    ref = db.reference("/updated", app=admin)
    ref.set({"a": {"x": 1, "y": 2}, "b": 1, "keep": True})
    ref.update({"a/x": 10, "c/d": "deep", "b": None})
    assert ref.get() == {"a": {"x": 10, "y": 2}, "c": {"d": "deep"}, "keep": True}
    ref.child("a").update({"y": 20, "z": 30})
    assert ref.child("a").get() == {"x": 10, "y": 20, "z": 30}


def test_push_makes_chronological_keys(admin):
    ref = db.reference("/pushed", app=admin)
    keys = [ref.push({"n": n}).key for n in range(12)]
    assert len(set(keys)) == 12 and all(len(key) == 20 for key in keys)
    assert keys == sorted(keys)
    assert {key: child["n"] for key, child in ref.get().items()} == dict(zip(keys, range(12)))
    empty = ref.push()
    assert empty.get() == ""


def test_delete(admin):
    ref = db.reference("/deleted", app=admin)
    ref.set({"a": 1, "b": 2})
    ref.child("a").delete()
    assert ref.get() == {"b": 2}
    ref.delete()
    assert ref.get() is None


def test_transaction_and_concurrent_transactions_are_exact(admin):
    counter = db.reference("/counter", app=admin)
    assert counter.transaction(lambda current: (current or 0) + 1) == 1
    threads, each = 4, 5
    failures = []

    def increment():
        try:
            for _ in range(each):
                counter.transaction(lambda current: (current or 0) + 1)
        except Exception as error:  # reported below: a thread's exception would otherwise vanish
            failures.append(error)

    workers = [threading.Thread(target=increment) for _ in range(threads)]
    for worker in workers:
        worker.start()
    for worker in workers:
        worker.join(timeout=120)
    assert not any(worker.is_alive() for worker in workers)
    assert failures == []
    assert counter.get() == 1 + threads * each
    # An update function that raises aborts the transaction and writes nothing.
    def refuse(current):
        raise ValueError(f"not from {current}")

    with pytest.raises(ValueError):
        counter.transaction(refuse)
    assert counter.get() == 1 + threads * each


def test_listen_sees_set_update_and_delete_in_order(admin):
    ref = db.reference("/watched", app=admin)
    ref.set({"start": 0})
    events = queue.Queue()
    registration = ref.listen(events.put)
    try:
        def next_event():
            event = events.get(timeout=EVENT_TIMEOUT)
            return event.event_type, event.path, event.data

        assert next_event() == ("put", "/", {"start": 0})
        ref.child("a").set(1)
        assert next_event() == ("put", "/a", 1)
        ref.update({"b": 2, "c": {"d": 3}})
        assert next_event() == ("patch", "/", {"b": 2, "c": {"d": 3}})
        ref.child("a").delete()
        assert next_event() == ("put", "/a", None)
        db.reference("/elsewhere", app=admin).set("not watched")
        ref.child("start").set(5)
        assert next_event() == ("put", "/start", 5)
    finally:
        registration.close()


def test_order_by_child_with_limits_and_ranges(indexed):
    scores = db.reference("/scores", app=indexed)
    scores.set({
        "ann": {"score": 30}, "bob": {"score": 10}, "cy": {"score": 20}, "dee": {"score": 40}, "eve": {"score": 10},
        "fay": {"name": "no score"},
    })
    # Children without the value sort first (null), then numbers; ties by key.
    assert list(scores.order_by_child("score").limit_to_first(3).get()) == ["fay", "bob", "eve"]
    assert list(scores.order_by_child("score").start_at(10).limit_to_first(3).get()) == ["bob", "eve", "cy"]
    assert list(scores.order_by_child("score").limit_to_last(2).get()) == ["ann", "dee"]
    assert list(scores.order_by_child("score").start_at(15).end_at(35).get()) == ["cy", "ann"]
    assert scores.order_by_child("score").equal_to(10).get() == {"bob": {"score": 10}, "eve": {"score": 10}}


def test_a_query_on_an_unindexed_child_is_refused(admin):
    ref = db.reference("/profiles", app=admin)
    with pytest.raises(exceptions.InvalidArgumentError) as refused:
        ref.order_by_child("born").limit_to_first(1).get()
    assert "indexOn" in str(refused.value)


def test_order_by_key(admin):
    ref = db.reference("/keyed", app=admin)
    ref.set({"c": 3, "a": 1, "d": 4, "b": 2})
    assert list(ref.order_by_key().limit_to_first(2).get()) == ["a", "b"]
    assert list(ref.order_by_key().limit_to_last(1).get()) == ["d"]
    assert ref.order_by_key().start_at("b").end_at("c").get() == {"b": 2, "c": 3}
    assert ref.order_by_key().equal_to("d").get() == {"d": 4}


def test_order_by_value(indexed):
    ref = db.reference("/values", app=indexed)
    ref.set({"x": 3, "y": 1, "z": 2, "w": 5})
    assert list(ref.order_by_value().limit_to_first(2).get()) == ["y", "z"]
    assert ref.order_by_value().start_at(2).end_at(3).get() == {"z": 2, "x": 3}
    assert ref.order_by_value().equal_to(5).get() == {"w": 5}
    assert list(ref.order_by_value().limit_to_last(1).get()) == ["w"]


def test_auth_variable_override_gets_only_what_the_rules_give(server, admin):
    db.reference("/users", app=admin).set({"alice": {"name": "Alice"}, "bob": {"name": "Bob"}})
    alice = overridden_app(server, f"alice-{server.client_id}", {"uid": "alice"})
    nobody = overridden_app(server, f"nobody-{server.client_id}", None)
    try:
        own = db.reference("/users/alice", app=alice)
        assert own.get() == {"name": "Alice"}
        own.child("name").set("Alicia")
        assert db.reference("/users/alice/name", app=admin).get() == "Alicia"
        for denied in (
            lambda: db.reference("/users/bob", app=alice).get(),
            lambda: db.reference("/users/bob/name", app=alice).set("Mallory"),
            lambda: db.reference("/scores", app=alice).get(),
            lambda: db.reference("/users/alice", app=nobody).get(),
            lambda: db.reference("/users/alice/name", app=nobody).set("Mallory"),
        ):
            with pytest.raises(exceptions.UnauthenticatedError) as refused:
                denied()
            assert "Permission denied" in str(refused.value)
        assert db.reference("/users/bob/name", app=admin).get() == "Bob"
        assert db.reference("/users/alice/name", app=admin).get() == "Alicia"
    finally:
        firebase_admin.delete_app(alice)
        firebase_admin.delete_app(nobody)


def test_the_emulators_owner_token_is_refused(server):
    """An `http://…?ns=` URL puts firebase-admin in emulator mode, where it sends the literal
    token `owner` (which the emulator treats as admin). Latchkey is no emulator: refused, and
    nothing is written. Against the suite's plain-HTTP server, the only kind emulator mode speaks."""
    emulator = firebase_admin.initialize_app(
        credentials.Certificate(server.key_file), {"databaseURL": f"{URL}/?ns={CLIENT_ID}"}, name=f"emulator-{server.client_id}")
    try:
        ref = db.reference("/emulated", app=emulator)
        with pytest.raises(exceptions.UnauthenticatedError):
            ref.set({"owned": True})
        with pytest.raises(exceptions.UnauthenticatedError):
            ref.get()
    finally:
        firebase_admin.delete_app(emulator)
    token = requests.post(
        TOKEN_ENDPOINT, data={"grant_type": "client_credentials"}, auth=(CLIENT_ID, CLIENT_SECRET), timeout=10,
    ).json()["access_token"]
    stored = requests.get(f"{URL}/emulated.json", headers={"Authorization": f"Bearer {token}"}, timeout=10)
    assert stored.status_code == 200 and stored.json() is None
