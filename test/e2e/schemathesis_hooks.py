"""Schemathesis hooks for test/e2e/schemathesis.test.ts.

Each hook keeps generated requests inside a rule that depends on the workspace's state or ties two
values together, which no schema can state; the responses are checked in full either way. Case-level
hooks, because every phase (examples, coverage, fuzzing, stateful) applies them. Set by the test
through the environment:
  LSK_BASE_URL        the service, e.g. http://127.0.0.1:8080
  LSK_API_KEY         the key the run authenticates with, and LSK_OWN_KEY_ID its id
  LSK_WORKSPACE_SLUG  the slug of that key's workspace
  LSK_DEFAULT_DOMAIN  the domain every workspace may use (any other must be registered first)
"""

import json
import os
import re
import uuid
import zoneinfo
from datetime import datetime, timedelta, timezone
import urllib.parse
import urllib.request

import schemathesis

BASE_URL = os.environ["LSK_BASE_URL"]
API_KEY = os.environ["LSK_API_KEY"]
OWN_KEY_ID = os.environ["LSK_OWN_KEY_ID"]
WORKSPACE_SLUG = os.environ["LSK_WORKSPACE_SLUG"]
DEFAULT_DOMAIN = os.environ["LSK_DEFAULT_DOMAIN"]
ISO_DATE = re.compile(r"^\d{4}-\d{2}-\d{2}$")
# The runtime's IANA zone names (reading them walks the tz database: once).
ZONES = zoneinfo.available_timezones()


def _serves_links(host):
    """Whether a domain of the workspace serves links (GET /v1/links?domain=)."""
    url = f"{BASE_URL}/v1/links?limit=1&domain={urllib.parse.quote(host, safe='')}"
    request = urllib.request.Request(url, headers={"Authorization": f"Bearer {API_KEY}"})
    try:
        with urllib.request.urlopen(request, timeout=10) as response:
            return len(json.load(response).get("data", [])) > 0
    except Exception:
        return False


def _in_the_future(value):
    """An ISO date-time with an offset, moved past now (by whole years) when it is not a minute or more ahead (it must still be
    in the future when the service reads it); other strings as they are."""
    try:
        when = datetime.fromisoformat(value.replace("Z", "+00:00").replace("z", "+00:00"))
    except ValueError:
        return value
    if when.tzinfo is None:
        return value
    now = datetime.now(timezone.utc)
    if when > now + timedelta(minutes=1):
        return value
    moved = when.replace(year=now.year + 1) if not (when.month == 2 and when.day == 29) else when.replace(year=now.year + 1, day=28)
    return moved.isoformat()


def _instant(value, end_of_day):
    """An audit-log bound as the service reads it: a date is its midnight UTC (the next one for "to")."""
    try:
        if ISO_DATE.match(value):
            day = datetime.fromisoformat(value).replace(tzinfo=timezone.utc)
            return day + timedelta(days=1) if end_of_day else day
        when = datetime.fromisoformat(value.replace("Z", "+00:00").replace("z", "+00:00"))
        return when if when.tzinfo is not None else None
    except ValueError:
        return None


def _valid_rules(fields):
    """A link's fields with each rule's "before" later than its "after" (400 otherwise, documented):
    a rule whose two instants are not in that order keeps only "after"."""
    rules = fields.get("rules") if isinstance(fields, dict) else None
    if not isinstance(rules, list):
        return fields
    kept = []
    for rule in rules:
        cond = rule.get("if") if isinstance(rule, dict) else None
        if isinstance(cond, dict) and isinstance(cond.get("after"), str) and isinstance(cond.get("before"), str):
            try:
                after, before = (datetime.fromisoformat(cond[k].replace("Z", "+00:00").replace("z", "+00:00")) for k in ("after", "before"))
                if after >= before:
                    rule = {**rule, "if": {k: v for k, v in cond.items() if k != "before"}}
            except ValueError:
                pass
        kept.append(rule)
    return {**fields, "rules": kept}


def _valid_variants(fields):
    """A link's fields with its variants inside the rules between them (400 otherwise, documented):
    each URL once (later repeats dropped; fewer than two left: no variants) and weights summing to
    100 (spread as evenly as whole numbers allow, in the generated order)."""
    variants = fields.get("variants") if isinstance(fields, dict) else None
    if not isinstance(variants, list) or not all(isinstance(v, dict) and isinstance(v.get("url"), str) for v in variants):
        return fields
    seen, kept = set(), []
    for v in variants:
        if v["url"] not in seen:
            seen.add(v["url"])
            kept.append(v)
    if len(kept) < 2:
        return {**fields, "variants": None}
    share, extra = divmod(100, len(kept))
    return {**fields, "variants": [{**v, "weight": share + (1 if i < extra else 0)} for i, v in enumerate(kept)]}


def _is(case, method, path):
    return case.operation.method.upper() == method and case.operation.path == path


@schemathesis.hook
def filter_case(context, case):
    params = case.path_parameters or {}
    # The run must not revoke the key it authenticates with (it reads the key's id from GET /keys).
    if _is(case, "DELETE", "/keys/{id}") and params.get("id") == OWN_KEY_ID:
        return False
    # A domain that still serves links cannot be removed (400, documented): such a host is skipped.
    if _is(case, "DELETE", "/domains/{host}") and isinstance(params.get("host"), str) and _serves_links(params["host"]):
        return False
    return True


@schemathesis.hook
def map_case(context, case):
    body = case.body if isinstance(case.body, dict) else None
    # An Idempotency-Key already used for another request is 422 idempotency_key_mismatch (documented,
    # state-dependent): every generated request gets a key of its own, in the documented form.
    for name in list(case.headers or {}):
        if name.lower() == "idempotency-key":
            case.headers[name] = f"st-{uuid.uuid4()}"
    query = case.query if isinstance(case.query, dict) else None
    # A link's domain must be the default one or registered to the workspace: a generated host name
    # is neither (400, documented). Links go to the default domain, which also keeps the domains the
    # run registers free of links, so deleting them is not refused (a domain that serves links: 400).
    if (_is(case, "POST", "/links") or _is(case, "PATCH", "/links/{id}")) and body is not None and isinstance(body.get("domain"), str):
        case.body = {**body, "domain": DEFAULT_DOMAIN}
    # expires_at must lie in the future on the service's clock (400 otherwise, documented): a generated
    # time in the past is moved to the same moment in a year after now's.
    if (_is(case, "POST", "/links") or _is(case, "PATCH", "/links/{id}")) and body is not None and isinstance(body.get("expires_at"), str):
        case.body = {**case.body, "expires_at": _in_the_future(body["expires_at"])}
    # Variants: each URL once, weights summing to 100 (see _valid_variants), in every body holding a link's fields.
    # Rules: "before" later than "after" (see _valid_rules).
    if body is not None and (_is(case, "POST", "/links") or _is(case, "PATCH", "/links/{id}")):
        case.body = _valid_rules(_valid_variants(case.body))
    if body is not None and _is(case, "POST", "/links/bulk") and isinstance(body.get("links"), list):
        case.body = {**body, "links": [_valid_rules(_valid_variants(link)) for link in body["links"]]}
    if body is not None and _is(case, "PATCH", "/links/bulk") and isinstance(body.get("patch"), dict):
        case.body = {**body, "patch": _valid_rules(_valid_variants(body["patch"]))}
    # A UTM template's name is unique in the workspace (400 otherwise, documented, state-dependent):
    # every generated name gets a suffix of its own.
    if body is not None and (_is(case, "POST", "/utm-templates") or _is(case, "PATCH", "/utm-templates/{id}")) and isinstance(body.get("name"), str):
        case.body = {**body, "name": f"{body['name'][:55]}-{uuid.uuid4().hex[:8]}"}
    # A webhook target must resolve to a public address unless the operator allows private ones; the
    # run's server does (LSK_WEBHOOK_ALLOW_PRIVATE=true), and a generated host name resolves nowhere
    # (400, documented): targets go to a closed loopback port, so deliveries fail fast.
    if (_is(case, "POST", "/webhooks") or _is(case, "PATCH", "/webhooks/{id}")) and body is not None and isinstance(body.get("url"), str):
        case.body = {**body, "url": "http://127.0.0.1:9/hook"}
    # Deleting the workspace takes its slug as confirmation; the run's own slug would end the run (its
    # key would be gone): a generated confirm that is the slug gets a suffix, so every case is refused
    # (400, documented; schemathesis.toml expects it). The deletion itself is tested by the API tests.
    if _is(case, "DELETE", "/workspace") and query is not None and query.get("confirm") == WORKSPACE_SLUG:
        case.query = {**query, "confirm": f"{WORKSPACE_SLUG}-kept"}
    # A cursor is only ever one the service handed out (next_cursor); any other is invalid_cursor (400).
    if any(_is(case, "GET", p) for p in ("/links", "/webhooks/{id}/deliveries", "/audit-log", "/analytics/events", "/analytics/reports", "/analytics/shares")) and query is not None and "cursor" in query:
        case.query = {k: v for k, v in query.items() if k != "cursor"}
    # A share covers at most one of a link, a tag and a domain (docs/adr/0215; 400 otherwise, documented):
    # a rule between properties. A body naming more keeps the first it names.
    # Its expires_at must lie in the future on the service's clock, as a link's (400 otherwise, documented).
    if _is(case, "POST", "/analytics/shares") and body is not None:
        named = [k for k in ("link_id", "tag", "domain") if body.get(k) is not None]
        if len(named) > 1:
            case.body = {k: v for k, v in body.items() if k not in named[1:]}
        if isinstance(body.get("expires_at"), str):
            case.body = {**case.body, "expires_at": _in_the_future(body["expires_at"])}
    # "from" must not be after "to" (which defaults to today): a rule between two parameters.
    if _is(case, "GET", "/links/{id}/stats") and query is not None:
        start, end = query.get("from"), query.get("to")
        if isinstance(start, str) and isinstance(end, str) and ISO_DATE.match(start) and ISO_DATE.match(end) and start > end:
            case.query = {**query, "from": end, "to": start}
        elif isinstance(start, str) and ISO_DATE.match(start) and end is None and start > datetime.now(timezone.utc).date().isoformat():
            case.query = {**query, "to": start}
    # Analytics windows: "from" before "to", at most 400 days, hour buckets over at most 31 days (rules
    # between parameters, 400 otherwise, documented). Two ISO dates within 31 days are kept (ordered);
    # other generated bounds are dropped, so the default window (the last 30 days) applies.
    # The audit log's "from" must lie before its "to" (a date meaning its midnight UTC, a "to" date
    # the end of its day): a rule between two parameters (400 otherwise, documented). "to" is dropped
    # when it is not after "from".
    query = case.query if isinstance(case.query, dict) else None
    if _is(case, "GET", "/audit-log") and query is not None and isinstance(query.get("from"), str) and isinstance(query.get("to"), str):
        start, end = _instant(query["from"], False), _instant(query["to"], True)
        if start is None or end is None or start >= end:
            case.query = {k: v for k, v in query.items() if k != "to"}
    # A key restricted to domains names domains of the workspace (400 otherwise, documented): a
    # generated host is none, so a restriction keeps to the default domain.
    if _is(case, "POST", "/keys") and body is not None and isinstance(body.get("domains"), list) and body["domains"]:
        case.body = {**body, "domains": [DEFAULT_DOMAIN]}
    if (_is(case, "GET", "/analytics") or _is(case, "GET", "/analytics/events")) and query is not None:
        query = case.query
        start, end = query.get("from"), query.get("to")
        kept = {k: v for k, v in query.items() if k not in ("from", "to")}
        if isinstance(start, str) and isinstance(end, str) and ISO_DATE.match(start) and ISO_DATE.match(end):
            try:
                a, b = sorted([datetime.fromisoformat(start), datetime.fromisoformat(end)])
                if (b - a).days <= 30:
                    kept = {**kept, "from": a.date().isoformat(), "to": b.date().isoformat()}
            except ValueError:
                pass
        # The IANA zone names are the runtime's tz database, not a pattern (documented as such): a
        # generated name that is no zone becomes one that is.
        if isinstance(kept.get("timezone"), str) and kept["timezone"] not in ZONES:
            kept = {**kept, "timezone": "Europe/Berlin"}
        # A referrer source is a name of the service's table or a host no source claims (docs/adr/0216;
        # 400 otherwise, documented): a rule on the table, not a pattern. Generated values become sources.
        if isinstance(kept.get("referrer_source"), str):
            kept = {**kept, "referrer_source": "!X,!(direct)" if kept["referrer_source"].startswith("!") else "X,news.example"}
        case.query = kept
    return case
