#!/usr/bin/env python3
# psiTurk's, Mephisto's and Dallinger's OWN MTurk code, run against a local Coinwork: psiTurk's MTurkServices
# (psiturk/amt_services.py), Mephisto's functions (mephisto/abstractions/providers/mturk/mturk_utils.py) and
# Dallinger's MTurkService (dallinger/mturk.py), each loaded from the tool's source with its one endpoint line changed
# and nothing else, drive a whole cycle: a qualification, a HIT, a worker doing it in Chromium
# (scripts/mturk-tool-worker.ts), then listing, approving, bonusing, extending and expiring as the tool does.
# docs/mturk.md ("Each tool's own code, run") records a run. The sibling scripts/mturk-tool-runs.py replays the same
# calls written out by hand.
#
#   npm run dev -- --port 5190                       # a local Coinwork (another terminal)
#   git clone https://github.com/NYUCCL/psiTurk /tmp/mturk-tools/psiTurk
#   git clone https://github.com/facebookresearch/Mephisto /tmp/mturk-tools/Mephisto
#   git clone https://github.com/Dallinger/Dallinger /tmp/mturk-tools/Dallinger
#   COINWORK=http://localhost:5190 MTURK_TOOLS=/tmp/mturk-tools npm run mturk:tools
#
# Needs boto3 (Debian's python3-boto3, or pip) and the test Chromium (`npm run chromium`). The requester key is the
# demo buyer's, made with `npm run requester-key` unless AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY are set; the
# worker is the demo worker, who gives the United States as their country in Settings (the three tools require a
# Locale by default).
#
# Each tool's package (psiturk, mephisto, dallinger) imports its whole application: a web framework, a database, its
# configuration. Those packages are replaced by empty ones, so that only the MTurk module is loaded from its file;
# the few names that module imports from elsewhere are given small stand-ins, listed in STAND_INS below and in
# docs/mturk.md. Nothing the stand-ins do reaches the MTurk API.
import datetime
import json
import logging
import os
import subprocess
import sys
import time
import types

import boto3
from botocore.exceptions import ClientError

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
COINWORK = os.environ.get("COINWORK", "http://localhost:5190").rstrip("/")
ENDPOINT = COINWORK + "/mturk"
TOOLS = os.environ.get("MTURK_TOOLS", "/tmp/mturk-tools")
WORKER = os.environ.get("WORKER_EMAIL", "worker@coinwork.dev")
BUYER = os.environ.get("BUYER_EMAIL", "buyer@coinwork.dev")
STAMP = str(int(time.time()))

# The names each MTurk module imports from outside itself, and what stands in for them here.
STAND_INS = {
    "psiTurk": "flask.jsonify (used only by get_summary, not called); psiturk.psiturk_config.PsiturkConfig (the run "
               "passes its config object, as psiTurk's shell passes the loaded one)",
    "Mephisto": "tqdm (a progress bar); omegaconf.DictConfig (a type hint); mephisto.data_model.qualification's "
                "QUAL_EXISTS and QUAL_NOT_EXIST (the same two strings); mephisto.utils.logger_core's get_logger and "
                "format_loud (logging); mephisto.operations.config_handler.get_config_arg (None: no allowed_locales "
                "in the config)",
    "Dallinger": "dallinger.recruiters.handle_and_raise_recruitment_error (the real one logs, then raises the same "
                 "exception); Amazon SNS's client under MTurkService.sns, answering list_topics with no topic (SNS is "
                 "Amazon's, not MTurk's; the HIT is made with do_subscribe=False, docs/mturk.md)",
}


def say(*words):
    print(*words, flush=True)


def package(name, path=None):
    """An empty package in place of the tool's own (whose __init__ imports the whole application)."""
    module = types.ModuleType(name)
    module.__path__ = [path] if path else []
    sys.modules[name] = module
    return module


def stand_in(name, **names):
    module = types.ModuleType(name)
    module.__dict__.update(names)
    sys.modules[name] = module
    return module


def load(name, path, line=None):
    """The module at `path` as `name`, its source changed only by `line` (old, new), which must occur exactly once."""
    with open(path, encoding="utf-8") as f:
        source = f.read()
    if line:
        old, new = line
        if source.count(old) != 1:
            raise SystemExit("%s: the line %r is not there once; is this the checkout docs/mturk.md names?" % (path, old))
        source = source.replace(old, new)
    module = types.ModuleType(name)
    module.__file__ = path
    module.__package__ = name.rpartition(".")[0]
    sys.modules[name] = module
    exec(compile(source, path, "exec"), module.__dict__)
    return module


def node(*args):
    out = subprocess.run(["node", *args], cwd=ROOT, capture_output=True, text=True)
    if out.returncode != 0:
        raise SystemExit("node %s failed:\n%s%s" % (" ".join(args), out.stdout, out.stderr))
    return out.stdout


def requester_key():
    if os.environ.get("AWS_ACCESS_KEY_ID") and os.environ.get("AWS_SECRET_ACCESS_KEY"):
        return os.environ["AWS_ACCESS_KEY_ID"], os.environ["AWS_SECRET_ACCESS_KEY"]
    line = node("scripts/requester-key.ts", BUYER).strip().splitlines()[-1]
    pairs = dict(part.split("=", 1) for part in line.split())
    return pairs["AccessKeyId"], pairs["SecretAccessKey"]


def worker_does(tool, hit_id, site, **fields):
    """The demo worker does the HIT in Chromium: the requester's page at `site`, in the task page's frame."""
    args = ["scripts/mturk-tool-worker.ts", "--origin", COINWORK, "--hit", hit_id, "--site", site,
            "--email", WORKER, "--country", "US",
            "--shot", os.path.join(ROOT, "test-results", "screenshots", "mturk-tool-%s.png" % tool.lower())]
    for name, value in fields.items():
        args += ["--field", "%s=%s" % (name, value)]
    done = json.loads(node(*args).strip().splitlines()[-1])
    say("  worker in Chromium: started, the frame at", done["frame"], "got assignmentId", done["assignmentId"] + ";",
        "the task page says:", repr(done["page"][:60] + "…"))
    return done["assignmentId"]


def ok(response):
    """psiTurk's methods answer an AmtServicesResponse: its data, or the exception it caught."""
    if not response.success:
        raise response.exception
    return response.data


# ---------------------------------------------------------------- psiTurk


def psiturk(key, secret):
    say("psiTurk: psiturk/amt_services.py, MTurkServices")
    src = os.path.join(TOOLS, "psiTurk", "psiturk")
    package("psiturk", src)
    stand_in("flask", jsonify=lambda **kw: kw)
    stand_in("psiturk.psiturk_config", PsiturkConfig=object)
    amt = load("psiturk.amt_services", os.path.join(src, "amt_services.py"), (
        "endpoint_url = 'https://mturk-requester.us-east-1.amazonaws.com'",
        "endpoint_url = %r" % ENDPOINT,
    ))
    import configparser
    config = configparser.ConfigParser()
    config["AWS Access"] = {"aws_access_key_id": key, "aws_secret_access_key": secret}
    services = amt.MTurkServices(config=config, mode="live")
    say("  MTurkServices(mode='live'): valid_login", services.valid_login, "check_balance", ok(services.check_balance()))
    hit_config = {
        "ad_location": "https://psiturk.example.org/ad", "approve_requirement": 75, "number_hits_approved": 0,
        "require_master_workers": False, "us_only": True, "require_qualification_ids": [],
        "block_qualification_ids": [], "advanced_qualifications": [], "title": "Stroop task " + STAMP,
        "description": "Name the colour of each word.", "keywords": "psychology, stroop", "reward": 1.0,
        "duration": datetime.timedelta(hours=1), "lifetime": datetime.timedelta(days=1), "max_assignments": 3,
    }
    hit = ok(services.create_hit(hit_config))
    hit_id = hit["HITId"]
    say("  create_hit:", hit_id, hit["HITStatus"], "reward", hit["Reward"], "requirements",
        [q["QualificationTypeId"] for q in hit["QualificationRequirements"]])
    assignment_id = worker_does("psiTurk", hit_id, "https://psiturk.example.org", hitId=hit_id, workerId="w")
    mine = [h for h in ok(services.get_all_hits()) if h.options["hitid"] == hit_id][0]
    say("  get_all_hits: this one", mine.options["status"], "pending/complete/available",
        mine.options["number_assignments_pending"], mine.options["number_assignments_completed"],
        mine.options["number_assignments_available"], "needing action",
        mine.options["number_submissions_needing_action"], "is_expired", mine.options["is_expired"])
    workers = ok(services.get_assignments(assignment_status="Submitted", hit_ids=hit_id))
    say("  get_assignments(Submitted):", [(w["assignmentId"] == assignment_id, w["status"]) for w in workers])
    worker = ok(services.get_assignment(assignment_id))
    say("  get_assignment:", worker["status"], "accepted", worker["accept_time"].isoformat(), "submitted",
        worker["submit_time"].isoformat())
    ok(services.bonus_assignment(assignment_id, None, 0.5, "Thanks for taking part"))
    ok(services.approve_assignment(assignment_id))
    say("  bonus_assignment 0.5, approve_assignment:", ok(services.get_assignment(assignment_id))["status"])
    ok(services.extend_hit(hit_id, assignments_increment=1, expiration_increment=60))
    extended = ok(services.get_hit(hit_id))
    say("  extend_hit(+1 assignment, +60 minutes): max_assignments", extended.options["max_assignments"],
        "expiration", extended.options["expiration"].isoformat())
    types_ = ok(services.list_qualification_types())
    say("  list_qualification_types:", len(types_), "types")
    ok(services.expire_hit(hit_id))
    say("  expire_hit, get_hit:", ok(services.get_hit(hit_id)).options["status"])
    ok(services.delete_hit(hit_id))
    say("  delete_hit:", services.mtc.get_hit(HITId=hit_id)["HIT"]["HITStatus"])


# ---------------------------------------------------------------- Mephisto


def mephisto(key, secret):
    say("Mephisto: mephisto/abstractions/providers/mturk/mturk_utils.py")
    src = os.path.join(TOOLS, "Mephisto", "mephisto")
    for name in ["mephisto", "mephisto.abstractions", "mephisto.abstractions.providers",
                 "mephisto.abstractions.providers.mturk", "mephisto.data_model", "mephisto.utils",
                 "mephisto.operations"]:
        package(name)
    stand_in("tqdm", tqdm=lambda iterable, disable=False: iterable)
    stand_in("omegaconf", DictConfig=dict)
    stand_in("mephisto.data_model.qualification", QUAL_EXISTS="Exists", QUAL_NOT_EXIST="DoesNotExist")
    stand_in("mephisto.utils.logger_core", get_logger=lambda name=None, **_: logging.getLogger(name), format_loud=str)
    stand_in("mephisto.operations.config_handler", get_config_arg=lambda *a: None,
             DEFAULT_CONFIG_FOLDER=os.path.expanduser("~/.mephisto"))
    utils = load("mephisto.abstractions.providers.mturk.mturk_utils",
                 os.path.join(src, "abstractions", "providers", "mturk", "mturk_utils.py"))
    # mturk_datastore.get_client_for_requester: `session.client("mturk")`, unchanged; the endpoint comes from
    # boto3's own variable, the "no change at all" way of docs/mturk.md
    os.environ["AWS_ENDPOINT_URL_MTURK"] = ENDPOINT
    session = boto3.session.Session(aws_access_key_id=key, aws_secret_access_key=secret, region_name="us-east-1")
    client = session.client("mturk")
    say("  client endpoint", client.meta.endpoint_url, "sandbox", utils.client_is_sandbox(client),
        "check_mturk_balance(1.0)", utils.check_mturk_balance(client, 1.0), "balance",
        utils.get_requester_balance(client))
    block_name = "mephisto-soft-block-" + STAMP
    block_id = utils.find_or_create_qualification(client, block_name, "Workers blocked from this task", True)
    again = utils.find_or_create_qualification(client, block_name, "Workers blocked from this task", True)
    say("  find_or_create_qualification twice:", block_id, "same id again:", again == block_id)
    task_args = types.SimpleNamespace(task_title="Chat about a picture " + STAMP, task_description="Talk about "
                                      "a picture.", task_tags=["chat", "dialogue"], task_reward=0.75,
                                      assignment_duration_in_seconds=1800)
    qualifications = [{"qualification_name": block_name, "comparator": "DoesNotExist", "value": None}]
    hit_type_id = utils.create_hit_type(client, task_args, qualifications)
    link, hit_id, response = utils.create_hit_with_hit_type(client, 0, "https://mephisto.example.org/?a=1&b=2",
                                                            hit_type_id, num_assignments=1)
    say("  create_hit_type, create_hit_with_hit_type:", hit_id, response["HIT"]["HITStatus"], "requirements",
        [(q["QualificationTypeId"] == block_id and "block" or q["QualificationTypeId"], q["Comparator"])
         for q in response["HIT"]["QualificationRequirements"]], link.split("?")[0])
    assignment_id = worker_does("Mephisto", hit_id, "https://mephisto.example.org", final_data='{"said":"hello"}')
    hit = utils.get_hit(client, hit_id)["HIT"]
    say("  get_hit:", hit["HITStatus"], "available", hit["NumberOfAssignmentsAvailable"], "completed",
        hit["NumberOfAssignmentsCompleted"])
    assignments = utils.get_assignments_for_hit(client, hit_id)
    a = utils.get_assignment(client, assignment_id)["Assignment"]
    worker_id = a["WorkerId"]
    say("  get_assignments_for_hit:", [x["AssignmentId"] == assignment_id for x in assignments], "get_assignment:",
        a["AssignmentStatus"], "Answer holds final_data:", "<QuestionIdentifier>final_data</QuestionIdentifier>" in
        a["Answer"])
    utils.approve_work(client, assignment_id)
    paid = utils.pay_bonus(client, worker_id, 0.25, assignment_id, "Great chat", "bonus-" + STAMP)
    say("  approve_work:", utils.get_assignment(client, assignment_id)["Assignment"]["AssignmentStatus"],
        "pay_bonus:", paid, "get_bonuses_for_assignment:", utils.get_bonuses_for_assignment(client, assignment_id))
    say("  email_worker:", utils.email_worker(client, worker_id, "Thanks", "Thank you for the chat."))
    utils.give_worker_qualification(client, worker_id, block_id)
    score = client.get_qualification_score(QualificationTypeId=block_id, WorkerId=worker_id)["Qualification"]
    utils.remove_worker_qualification(client, worker_id, block_id, "soft block lifted")
    say("  give_worker_qualification (soft block):", score["Status"], score["IntegerValue"],
        "remove_worker_qualification: done")
    utils.block_worker(client, worker_id, "test")
    blocked = utils.is_worker_blocked(client, worker_id)
    utils.unblock_worker(client, worker_id, "test")
    say("  block_worker, is_worker_blocked:", blocked, "unblock_worker, is_worker_blocked:",
        utils.is_worker_blocked(client, worker_id))
    outstanding = utils.get_outstanding_hits(client)
    ours = outstanding.get(hit_type_id, [])
    say("  get_outstanding_hits: %d HIT types, this type's HITs: %s" % (len(outstanding), [h["HITId"] == hit_id
                                                                                          for h in ours]))
    left = utils.expire_and_dispose_hits(client, ours, quiet=True)
    say("  expire_and_dispose_hits: not disposed", len(left), "get_hit:", client.get_hit(HITId=hit_id)["HIT"]["HITStatus"])
    utils.delete_qualification(client, block_id)
    say("  delete_qualification: done")


# ---------------------------------------------------------------- Dallinger


def dallinger(key, secret):
    say("Dallinger: dallinger/mturk.py, MTurkService")
    src = os.path.join(TOOLS, "Dallinger", "dallinger")
    package("dallinger", src)

    def handle_and_raise_recruitment_error(ex):
        logging.getLogger("dallinger.recruiters").error(ex)
        raise ex

    stand_in("dallinger.recruiters", handle_and_raise_recruitment_error=handle_and_raise_recruitment_error)
    mturk = load("dallinger.mturk", os.path.join(src, "mturk.py"), (
        'template = "https://mturk-requester.{}.amazonaws.com"',
        "template = %r" % ENDPOINT,
    ))
    service = mturk.MTurkService(key, secret, "us-east-1", sandbox=False)
    service.sns._sns = types.SimpleNamespace(list_topics=lambda **kw: {"Topics": []})
    say("  host", service.host, "check_credentials", service.check_credentials(), "account_balance",
        service.account_balance())
    name = "Dallinger experiment " + STAMP
    qtype = service.create_qualification_type(name, "Took part already")
    try:
        service.create_qualification_type(name, "again")
    except mturk.DuplicateQualificationNameError:
        say("  create_qualification_type:", qtype["id"], qtype["status"], "again: DuplicateQualificationNameError")
    found = service.get_qualification_type_by_name(name)
    say("  get_qualification_type_by_name:", found["id"] == qtype["id"])
    requirements = [
        mturk.MTurkQualificationRequirements.min_approval(75),
        mturk.MTurkQualificationRequirements.restrict_to_countries(["US"]),
        mturk.MTurkQualificationRequirements.must_not_have(qtype["id"]),
    ]
    hit = service.create_hit(experiment_id="exp-" + STAMP, title="Bartlett (1932) " + STAMP,
                             description="Read a story and retell it.", keywords=["memory", "story"], reward=2.5,
                             duration_hours=2, lifetime_days=1,
                             question=mturk.MTurkQuestions.external("https://dallinger.example.org/ad"),
                             max_assignments=2, annotation="exp-" + STAMP, qualifications=requirements,
                             do_subscribe=False)
    say("  create_hit:", hit["id"], hit["status"], hit["review_status"], "reward", hit["reward"], "keywords",
        hit["keywords"], "annotation", hit["annotation"], "worker_url", hit["worker_url"].split("/projects")[0])
    assignment_id = worker_does("Dallinger", hit["id"], "https://dallinger.example.org", mode="live")
    mine = list(service.get_hits(lambda h: h["id"] == hit["id"]))
    say("  get_hits(filter):", [(h["status"], h["assignments_pending"], h["assignments_completed"],
                                 h["assignments_available"]) for h in mine])
    a = service.get_assignment(assignment_id)
    say("  get_assignment:", a["status"], a["hit_id"] == hit["id"], "a missing one:", service.get_assignment("NOPE"))
    say("  approve_assignment:", service.approve_assignment(assignment_id), "grant_bonus:",
        service.grant_bonus(assignment_id, 1.0, "Performance bonus"))
    worker_id = a["worker_id"]
    try:
        service.current_qualification_score(qtype["id"], worker_id)
    except mturk.WorkerLacksQualification:
        say("  current_qualification_score before: WorkerLacksQualification")
    say("  assign_qualification:", service.assign_qualification(qtype["id"], worker_id, 1), "increment:",
        service.increment_qualification_score(qtype["id"], worker_id)["score"], "named score:",
        service.current_named_qualification_score(name, worker_id)["score"], "get_workers_with_qualification:",
        [(w["id"] == worker_id, w["score"]) for w in service.get_workers_with_qualification(qtype["id"])])
    extended = service.extend_hit(hit["id"], 1, duration_hours=24)
    say("  extend_hit(+1, +24 hours): max_assignments", extended["max_assignments"], "expiration",
        extended["expiration"].isoformat())
    say("  revoke_qualification:", service.revoke_qualification(qtype["id"], worker_id, "done"))
    say("  expire_hit:", service.expire_hit(hit["id"]), service.get_hit(hit["id"])["status"])
    say("  disable_hit:", service.disable_hit(hit["id"], "exp-" + STAMP), service.get_hit(hit["id"])["status"],
        "again:", service.disable_hit(hit["id"], "exp-" + STAMP))
    say("  dispose_qualification_type:", service.dispose_qualification_type(qtype["id"]))


if __name__ == "__main__":
    logging.basicConfig(level=logging.ERROR)
    version = subprocess.run(["node", "--version"], capture_output=True, text=True).stdout.strip()
    if not version.startswith("v2") or int(version[1:].split(".")[0]) < 22:
        raise SystemExit("node is %s: run this through `npm run mturk:tools` (the project's Node 24)" % version)
    key, secret = requester_key()
    say("boto3", boto3.__version__, "endpoint", ENDPOINT, "tools from", TOOLS,
        datetime.datetime.now(datetime.timezone.utc).isoformat(timespec="seconds"))
    for tool, run in [("psiTurk", psiturk), ("Mephisto", mephisto), ("Dallinger", dallinger)]:
        say("stand-ins (%s): %s" % (tool, STAND_INS[tool]))
        run(key, secret)
