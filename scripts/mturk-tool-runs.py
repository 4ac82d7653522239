#!/usr/bin/env python3
# The MTurk calls of psiTurk (psiturk/amt_services.py), Mephisto (mephisto/abstractions/providers/mturk/mturk_utils.py)
# and Dallinger (dallinger/mturk.py), made with boto3 exactly as each tool makes them, against a local Coinwork: only
# the client's endpoint_url differs. docs/mturk.md ("Tested with psiTurk, Mephisto and Dallinger") records a run.
#
#   COINWORK=http://localhost:5191 AWS_ACCESS_KEY_ID=… AWS_SECRET_ACCESS_KEY=… python3 scripts/mturk-tool-runs.py
#
# The key comes from `npm run requester-key -- buyer@coinwork.dev`. The worker's part (start the HIT, the requester's
# page posting its form to externalSubmit) is done over HTTP as the worker's browser does it, as the demo worker
# (worker@coinwork.dev, whose country must be US for the tools' Locale requirements).
import datetime
import json
import os
import re
import time
import urllib.parse
import urllib.request

import boto3
from botocore.exceptions import ClientError

COINWORK = os.environ.get("COINWORK", "http://localhost:5191")
ENDPOINT = COINWORK + "/mturk"  # the one line each tool changes: its endpoint_url
WORKER = ("worker@coinwork.dev", "Coinwork!1")
STAMP = str(int(time.time()))


def client():
    session = boto3.session.Session(region_name="us-east-1")
    return session.client("mturk", endpoint_url=ENDPOINT)


def http(method, path, body=None, headers=None):
    req = urllib.request.Request(COINWORK + path, data=body, method=method, headers=headers or {})
    with urllib.request.urlopen(req) as res:
        return res.status, res.read().decode("utf-8")


def worker_does(hit_id, site, fields):
    """The worker signs in, starts the HIT, and the requester's page (on `site`) posts its form to externalSubmit."""
    _, signed = http("POST", "/auth/login", json.dumps({"email": WORKER[0], "password": WORKER[1]}).encode(),
                     {"Content-Type": "application/json"})
    token = json.loads(signed)["token"]
    http("POST", "/task-starts", json.dumps({"task_id": hit_id}).encode(),
         {"Content-Type": "application/json", "Authorization": "Bearer " + token})
    _, page = http("GET", "/dashboard/tasklist/" + hit_id, headers={"Cookie": "__Host-cw_session=" + token})
    assignment_id = re.search(r"assignmentId=([^&\"]+)", page).group(1)
    form = urllib.parse.urlencode({"assignmentId": assignment_id, **fields}).encode()
    status, _ = http("POST", "/mturk/externalSubmit", form,
                     {"Content-Type": "application/x-www-form-urlencoded", "Origin": site})
    print("  worker: started, frame assignmentId", assignment_id, "externalSubmit", status)
    return assignment_id


def external_question(url, frame_height):
    return ('<ExternalQuestion xmlns="http://mechanicalturk.amazonaws.com/AWSMechanicalTurkDataSchemas/2006-07-14/'
            'ExternalQuestion.xsd"><ExternalURL>%s</ExternalURL><FrameHeight>%s</FrameHeight></ExternalQuestion>'
            % (url, frame_height))


def psiturk():
    print("psiTurk")
    mtc = client()
    print("  get_account_balance:", mtc.get_account_balance()["AvailableBalance"])
    quals = [
        dict(QualificationTypeId="000000000000000000L0", Comparator="GreaterThanOrEqualTo", IntegerValues=[75]),
        dict(QualificationTypeId="00000000000000000040", Comparator="GreaterThanOrEqualTo", IntegerValues=[0]),
        dict(QualificationTypeId="00000000000000000071", Comparator="EqualTo", LocaleValues=[{"Country": "US"}]),
    ]
    hit_type = mtc.create_hit_type(Title="Stroop task " + STAMP, Description="Name the colour of each word.",
                                   Reward=str(1.0), AssignmentDurationInSeconds=3600, Keywords="psychology, stroop",
                                   QualificationRequirements=quals)
    hit = mtc.create_hit_with_hit_type(HITTypeId=hit_type["HITTypeId"],
                                       Question=external_question("https://psiturk.example.org/ad", 600),
                                       LifetimeInSeconds=86400, MaxAssignments=3)["HIT"]
    hit_id = hit["HITId"]
    print("  create_hit_with_hit_type:", hit_id, hit["HITStatus"], hit["Reward"], hit["Expiration"])
    assignment_id = worker_does(hit_id, "https://psiturk.example.org", {"hitId": hit_id})
    hits = []
    for page in mtc.get_paginator("list_hits").paginate():
        hits.extend(page["HITs"])
    h = [h for h in hits if h["HITId"] == hit_id][0]
    needing = (h["MaxAssignments"] - h["NumberOfAssignmentsCompleted"] - h["NumberOfAssignmentsPending"]
               - h["NumberOfAssignmentsAvailable"])
    print("  list_hits paginator: %d HITs; this one %s, %s s, needing action %d"
          % (len(hits), h["HITStatus"], h["AssignmentDurationInSeconds"], needing))
    assignments = []
    for page in mtc.get_paginator("list_assignments_for_hit").paginate(HITId=hit_id, AssignmentStatuses=["Submitted"]):
        assignments.extend(page["Assignments"])
    a = assignments[0]
    print("  list_assignments_for_hit paginator:", a["AssignmentId"], a["WorkerId"], a["AssignmentStatus"],
          a["AcceptTime"], a["SubmitTime"])
    worker_id = mtc.get_assignment(AssignmentId=assignment_id)["Assignment"]["WorkerId"]
    mtc.send_bonus(WorkerId=worker_id, AssignmentId=assignment_id, BonusAmount=str(0.5), Reason="Thanks")
    mtc.approve_assignment(AssignmentId=assignment_id, OverrideRejection=False)
    print("  send_bonus, approve_assignment:", mtc.get_assignment(AssignmentId=assignment_id)["Assignment"]["AssignmentStatus"])
    types = []
    for page in mtc.get_paginator("list_qualification_types").paginate(MustBeRequestable=False,
                                                                        MustBeOwnedByCaller=True):
        types.extend(page["QualificationTypes"])
    print("  list_qualification_types paginator:", len(types), "types")
    mtc.update_expiration_for_hit(HITId=hit_id, ExpireAt=datetime.datetime.now(datetime.timezone.utc)
                                  + datetime.timedelta(-30))
    print("  expire_hit, get_hit:", mtc.get_hit(HITId=hit_id)["HIT"]["HITStatus"])
    mtc.delete_hit(HITId=hit_id)
    print("  delete_hit:", mtc.get_hit(HITId=hit_id)["HIT"]["HITStatus"])


def mephisto():
    print("Mephisto")
    client_ = client()
    name = "mephisto-allowlist-" + STAMP
    found = client_.list_qualification_types(Query=name, MustBeRequestable=True, MustBeOwnedByCaller=True)
    print("  find_qualification:", [q["Name"] for q in found["QualificationTypes"] if q["Name"] == name])
    qual_id = client_.create_qualification_type(Name=name, Description="Qualification required for Mephisto-launched "
                                                "tasks", QualificationTypeStatus="Active")["QualificationType"][
        "QualificationTypeId"]
    try:
        client_.create_qualification_type(Name=name, Description="again", QualificationTypeStatus="Active")
    except ClientError as e:
        msg = e.response.get("Error", {}).get("Message")
        print("  create again, message starts as Mephisto expects:",
              msg.startswith("You have already created a QualificationType with this name."))
    found = client_.list_qualification_types(Query=name, MustBeRequestable=True, MustBeOwnedByCaller=True)
    print("  find_qualification again:", [q["QualificationTypeId"] == qual_id for q in found["QualificationTypes"]])
    worker_id = json.loads(http("POST", "/auth/login", json.dumps({"email": WORKER[0], "password": WORKER[1]})
                                .encode(), {"Content-Type": "application/json"})[1])["user"]["id"]
    client_.associate_qualification_with_worker(QualificationTypeId=qual_id, WorkerId=worker_id, IntegerValue=1,
                                                SendNotification=False)
    requirements = [
        {"QualificationTypeId": qual_id, "Comparator": "Exists", "ActionsGuarded": "DiscoverPreviewAndAccept"},
        {"QualificationTypeId": "00000000000000000071", "Comparator": "In",
         "LocaleValues": [{"Country": c} for c in ["US", "CA", "GB", "AU", "NZ"]],
         "ActionsGuarded": "DiscoverPreviewAndAccept"},
    ]
    hit_type_id = client_.create_hit_type(AutoApprovalDelayInSeconds=7 * 24 * 3600, AssignmentDurationInSeconds=1800,
                                          Reward=str(0.75), Title="Chat about a picture " + STAMP,
                                          Keywords="chat,dialogue", Description="Talk about a picture.",
                                          QualificationRequirements=requirements)["HITTypeId"]
    page_url = "https://mephisto.example.org/?a=1&b=2".replace("&", "&amp;")
    response = client_.create_hit_with_hit_type(HITTypeId=hit_type_id, MaxAssignments=1,
                                                LifetimeInSeconds=60 * 60 * 24 * 31,
                                                Question=external_question(page_url, 0))
    hit_id = response["HIT"]["HITId"]
    print("  create_hit_with_hit_type:", response["HIT"]["HITTypeId"] == hit_type_id, hit_id)
    assignment_id = worker_does(hit_id, "https://mephisto.example.org", {"final_data": "{}"})
    hit = client_.get_hit(HITId=hit_id)["HIT"]
    print("  get_hit:", hit["HITStatus"], "available", hit["NumberOfAssignmentsAvailable"])
    assignments = client_.list_assignments_for_hit(HITId=hit_id).get("Assignments", [])
    print("  list_assignments_for_hit:", [a["AssignmentId"] for a in assignments], "Answer holds final_data:",
          "<QuestionIdentifier>final_data</QuestionIdentifier>" in assignments[0]["Answer"])
    client_.approve_assignment(AssignmentId=assignment_id, OverrideRejection=False)
    balance = float(client_.get_account_balance()["AvailableBalance"])
    client_.send_bonus(WorkerId=worker_id, BonusAmount=str(0.25), AssignmentId=assignment_id, Reason="Great chat",
                       UniqueRequestToken="bonus-" + STAMP)
    resp = client_.list_bonus_payments(AssignmentId=assignment_id, MaxResults=100)
    print("  approve, balance %.2f, send_bonus, list_bonus_payments: %d, %s"
          % (balance, resp["NumResults"], [b["BonusAmount"] for b in resp["BonusPayments"]]))
    new_hits = client_.list_hits(MaxResults=100)
    all_hits = new_hits["HITs"]
    while len(new_hits["HITs"]) > 0:
        new_hits = client_.list_hits(MaxResults=100, NextToken=new_hits["NextToken"])
        all_hits += new_hits["HITs"]
    print("  get_outstanding_hits: %d HITs, this one once: %s"
          % (len(all_hits), [h["HITId"] for h in all_hits].count(hit_id) == 1))
    client_.create_worker_block(WorkerId=worker_id, Reason="test")
    blocked = worker_id in [x["WorkerId"] for x in client_.list_worker_blocks(MaxResults=100)["WorkerBlocks"]]
    client_.delete_worker_block(WorkerId=worker_id, Reason="test")
    print("  block_worker, is_worker_blocked:", blocked, "unblock_worker")
    client_.delete_hit(HITId=hit_id)
    client_.delete_qualification_type(QualificationTypeId=qual_id)
    print("  delete_hit, delete_qualification: done")


def dallinger():
    print("Dallinger")
    mturk = client()
    name = "Dallinger experiment " + STAMP
    qtype = mturk.create_qualification_type(Name=name, Description="Took part already",
                                            QualificationTypeStatus="Active")["QualificationType"]
    print("  create_qualification_type:", qtype["QualificationTypeId"], qtype["CreationTime"],
          qtype["QualificationTypeStatus"])
    results = mturk.list_qualification_types(Query=name.upper(), MustBeRequestable=False, MustBeOwnedByCaller=True,
                                             MaxResults=100)["QualificationTypes"]
    print("  get_qualification_type_by_name:", [r["Name"] for r in results if r["Name"].upper() == name.upper()])
    quals = [
        {"QualificationTypeId": "000000000000000000L0", "Comparator": "GreaterThanOrEqualTo", "IntegerValues": [75],
         "RequiredToPreview": True},
        {"QualificationTypeId": "00000000000000000071", "Comparator": "EqualTo",
         "LocaleValues": [{"Country": "US"}], "RequiredToPreview": True},
        {"QualificationTypeId": qtype["QualificationTypeId"], "Comparator": "DoesNotExist", "RequiredToPreview": True},
    ]
    hit_type = mturk.create_hit_type(Title="Bartlett (1932) " + STAMP, Description="Read a story and retell it.",
                                     Reward=str(2.5), AssignmentDurationInSeconds=7200, Keywords=",".join(["memory"]),
                                     AutoApprovalDelayInSeconds=0, QualificationRequirements=quals)
    response = mturk.create_hit_with_hit_type(HITTypeId=hit_type["HITTypeId"],
                                              Question=external_question("https://dallinger.example.org/ad", 600),
                                              LifetimeInSeconds=86400, MaxAssignments=2,
                                              UniqueRequestToken=str(time.time()), RequesterAnnotation="exp-" + STAMP)
    hit = response["HIT"]
    print("  create_hit:", hit["HITId"], hit["HITStatus"], hit["HITReviewStatus"], hit.get("RequesterAnnotation"),
          [q["QualificationTypeId"] for q in hit["QualificationRequirements"]])
    assignment_id = worker_does(hit["HITId"], "https://dallinger.example.org", {"mode": "live"})
    hits, next_token = [], None
    while True:
        if next_token:
            response = mturk.list_hits(MaxResults=100, NextToken=next_token)
        else:
            response = mturk.list_hits(MaxResults=100)
        hits.extend(response["HITs"])
        if "NextToken" in response:
            next_token = response["NextToken"]
        else:
            break
    print("  get_hits: %d HITs" % len(hits))
    a = mturk.get_assignment(AssignmentId=assignment_id)["Assignment"]
    print("  get_assignment:", a["AssignmentId"], a["AssignmentStatus"], a["HITId"] == hit["HITId"])
    ok = mturk.approve_assignment(AssignmentId=assignment_id)
    print("  approve_assignment _is_ok:", list(ok.keys()) == ["ResponseMetadata"])
    ok = mturk.send_bonus(WorkerId=a["WorkerId"], BonusAmount="{:.2f}".format(1), AssignmentId=assignment_id,
                          Reason="Performance bonus", UniqueRequestToken=str(time.time()))
    print("  grant_bonus _is_ok:", list(ok.keys()) == ["ResponseMetadata"])
    qid = qtype["QualificationTypeId"]
    try:
        mturk.get_qualification_score(QualificationTypeId=qid, WorkerId=a["WorkerId"])
    except ClientError as ex:
        print("  current_qualification_score before: 'does not exist' in error:", "does not exist" in str(ex))
    mturk.associate_qualification_with_worker(QualificationTypeId=qid, WorkerId=a["WorkerId"], IntegerValue=1,
                                              SendNotification=False)
    score = mturk.get_qualification_score(QualificationTypeId=qid, WorkerId=a["WorkerId"])["Qualification"]
    listed = mturk.list_workers_with_qualification_type(QualificationTypeId=qid, MaxResults=100, Status="Granted")
    print("  assign_qualification, score:", score["IntegerValue"], "granted:",
          [(r["WorkerId"] == a["WorkerId"], r["IntegerValue"]) for r in listed["Qualifications"]])
    mturk.update_expiration_for_hit(HITId=hit["HITId"], ExpireAt=0)
    print("  expire_hit:", mturk.get_hit(HITId=hit["HITId"])["HIT"]["HITStatus"])
    mturk.delete_hit(HITId=hit["HITId"])
    try:
        mturk.delete_hit(HITId=hit["HITId"])
    except ClientError as ex:
        print("  disable_hit again, already Disposed:", "currently in the state 'Disposed'" in str(ex))
    mturk.disassociate_qualification_from_worker(QualificationTypeId=qid, WorkerId=a["WorkerId"], Reason="")
    mturk.delete_qualification_type(QualificationTypeId=qid)
    print("  dispose_qualification_type: done")


if __name__ == "__main__":
    print("boto3", boto3.__version__, "endpoint", ENDPOINT, datetime.datetime.now(datetime.timezone.utc).isoformat())
    psiturk()
    mephisto()
    dallinger()
