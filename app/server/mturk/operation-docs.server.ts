// What Coinwork does for each operation of the MTurk Requester API it answers (OPERATIONS), in the words of
// docs/mturk.md's "Supported operations" table, which `npm run docs:tables` writes from this list and
// `npm run check` holds to it. Every operation of OPERATIONS is in exactly one row, and a row names nothing else: a
// new operation gets its row here (or joins the row of operations it answers alike), in the order the page reads.
// Markdown: `code` spans are kept as they are.
export interface OperationRow {
  operations: string[];
  does: string;
}

export const OPERATION_DOCS: OperationRow[] = [
  {
    operations: ["GetAccountBalance"],
    does: "the buyer's coins in dollars (above)",
  },
  {
    operations: ["CreateHIT"],
    does: "posts a task (Title, Description, Reward, MaxAssignments, LifetimeInSeconds, AssignmentDurationInSeconds, Keywords, Question, QualificationRequirements, RequesterAnnotation) and makes its HIT type; `UniqueRequestToken`: a token used in the last 24 hours makes nothing and charges nothing, and answers `RequestError` with `TurkErrorCode` `AWS.MechanicalTurk.HitAlreadyExists` and the HITId in its message",
  },
  {
    operations: ["CreateHITType", "CreateHITWithHITType"],
    does: "a HIT type is stored per buyer; its `HITTypeId` is a digest of the buyer and the properties, so the same properties always answer the same id (and `CreateHIT` with them makes a HIT of that type); another buyer's type or an unknown one is `AWS.MechanicalTurk.HITTypeDoesNotExist`",
  },
  {
    operations: ["UpdateExpirationForHIT"],
    does: "a later `ExpireAt` moves the completion day; one now or past expires the HIT: its open and started slots close and their escrow returns to the buyer (the workers who started it are told), its completion day becomes yesterday, and it stays closed: an assignment rejected or given back afterwards refunds the buyer and never makes it assignable again (submitted work stays to be reviewed); on a deleted HIT an `ExpireAt` now or past answers success (it is closed already) and a later one MTurk's words \"This HIT is currently in the state 'Disposed'…\"",
  },
  {
    operations: ["GetHIT", "ListHITs", "ListReviewableHITs"],
    does: "the buyer's tasks as HITs (below), newest first; `ListReviewableHITs` lists the `Reviewable` ones, or with `Status` `Reviewing` those, optionally of one `HITTypeId`; `GetHIT` answers a deleted HIT as `Disposed`; `MaxResults` (1-100) and `NextToken` page them; `NumberOfAssignmentsAvailable` counts the open slots now, an accepted assignment whose `AssignmentDurationInSeconds` has run out among them (decision 073)",
  },
  {
    operations: ["DeleteHIT"],
    does: "deletes the task and refunds its open slots; refused while submissions await review; a deleted HIT answers MTurk's words: \"This HIT is currently in the state 'Disposed'…\"",
  },
  {
    operations: ["ListAssignmentsForHIT", "GetAssignment"],
    does: "a submission is an assignment (`Submitted`, `Approved`, `Rejected`); its `Answer` is `QuestionFormAnswers` XML: the fields the question's form posted, or the proof form's text as a FreeText answer (`proof`, `proof_image`); `AssignmentStatuses`, `MaxResults`, `NextToken`",
  },
  {
    operations: ["ApproveAssignment", "RejectAssignment"],
    does: "the review of Buyer Home, with the `RequesterFeedback` the worker reads (at most 1,024 characters). An empty one rejects: the worker reads \"The requester gave no reason.\" and the buyer's public record counts the rejections without a reason on their own line. `OverrideRejection` `true` approves a submitted assignment as any approval does, and reverses the buyer's own rejection of a rejected one, paying the worker from the buyer's balance (below)",
  },
  {
    operations: ["SendBonus"],
    does: "a bonus through the Bonuses page's service: `BonusAmount` in dollars at 20 coins a dollar (rounded up to a whole coin), more than $0.00 and at most $500.00 (10,000 coins, the Bonuses page's bounds: outside them a validation error, before the balance is looked at), from the buyer's balance to the worker, on a submitted assignment of that worker whether reviewed or not (tools pay the bonus, then approve), with the `Reason` the worker reads; a repeated `UniqueRequestToken` pays nothing twice (the same request succeeds again, another amount or reason under it is refused)",
  },
  {
    operations: ["ListBonusPayments"],
    does: "the bonuses on one `HITId` or one `AssignmentId` of the buyer's, newest first; `MaxResults`, `NextToken`",
  },
  {
    operations: ["CreateWorkerBlock", "DeleteWorkerBlock", "ListWorkerBlocks"],
    does: "the block list of Settings: a blocked worker neither sees nor starts the buyer's tasks; `Reason` is the buyer's private note; lifting a block that is not there succeeds, as on MTurk. Workers are known by `WorkerId` alone (no e-mail address, here or anywhere in the API)",
  },
  {
    operations: ["CreateQualificationType"],
    does: "defines a qualification of the buyer's, the one the Qualifications page (`/dashboard/qualifications`) shows: `Name` (at most 80 characters, once per buyer: a second one answers MTurk's words, \"You have already created a QualificationType with this name. …\", which Mephisto and Dallinger look for), `Description` (at most 500), `QualificationTypeStatus` `Active`; `RetryDelayInSeconds` becomes the retake wait in whole hours, rounded up (without it: a year, Coinwork's longest, as MTurk allows no retry); a `Test` with its `AnswerKey` becomes its multiple-choice test (below). Its `QualificationTypeId` is the qualification's id",
  },
  {
    operations: ["AssociateQualificationWithWorker"],
    does: "grants it to a worker with `IntegerValue` as the score (0 to 100; 1 when not given, as on MTurk); granting again replaces the score; `SendNotification` tells the worker in a notification",
  },
  {
    operations: ["DisassociateQualificationFromWorker"],
    does: "revokes the grant: the buyer's tasks requiring it close to that worker at once; a `Reason` is sent to the worker in a notification; a worker who does not hold it is a `RequestError`",
  },
  {
    operations: ["ListWorkersWithQualificationType"],
    does: "the holders, newest grant first, `Status` `Granted` (or none); `MaxResults` and `NextToken` page them by keyset",
  },
  {
    operations: ["GetQualificationScore"],
    does: "the worker's score as `IntegerValue`; a worker who does not hold it is `AWS.MechanicalTurk.QualificationDoesNotExist`",
  },
  {
    operations: ["NotifyWorkers"],
    does: "a notification and an e-mail (Subject, MessageText) to each listed worker who sent the buyer a submission; any other id answers a `HardFailure` in `NotifyWorkersFailureStatuses` and gets nothing (an e-mail that could not be sent: `SoftFailure`)",
  },
  {
    operations: ["ListQualificationTypes"],
    does: "the requester's own types, newest first: `Query` keeps those whose name or description holds it (any case), `MustBeRequestable` those workers can ask for or take a test of; `MaxResults`, `NextToken`. Other requesters' types are never listed, so `MustBeOwnedByCaller` false lists the same; MTurk's system types are not listed",
  },
  {
    operations: ["GetQualificationType"],
    does: "one of the requester's types; `IsRequestable` is true for every type made through the API (a test, or requests)",
  },
  {
    operations: ["UpdateQualificationType"],
    does: "a new `Description`, `RetryDelayInSeconds` (the retake wait), or `Test` with its `AnswerKey` (replacing the test); what is not given stays; `Inactive` and `AutoGranted` are refused, as at creation",
  },
  {
    operations: ["DeleteQualificationType"],
    does: "deletes the type with its grants, test and requests; refused while a live HIT requires it (the HIT would open to every worker): delete or let that HIT go first",
  },
  {
    operations: ["ListHITsForQualificationType"],
    does: "the requester's live HITs that require the type, newest first; `MaxResults`, `NextToken`",
  },
  {
    operations: ["ListQualificationRequests", "AcceptQualificationRequest", "RejectQualificationRequest"],
    does: "a type made through the API without a test is requestable: a worker who lacks it presses 'Ask for this qualification' on a HIT's page that requires it. The pending requests are listed newest first (of one `QualificationTypeId`, or of all the requester's); accepting grants the type with `IntegerValue` (0 to 100; 1 when not given) and tells the worker; rejecting tells the worker the `Reason`. After a rejection the worker may ask again once the type's retry delay is over",
  },
  {
    operations: ["CreateAdditionalAssignmentsForHIT"],
    does: "adds `NumberOfAdditionalAssignments` open slots (a task holds at most 10,000), escrowing `number × reward` coins from the balance in one batch with the extension's record; a repeated `UniqueRequestToken` charges nothing twice (the same request succeeds again, another HIT or number under it is refused)",
  },
  {
    operations: ["UpdateHITReviewStatus"],
    does: "`Revert` false marks a `Reviewable` HIT as `Reviewing` (`HITReviewStatus` `MarkedForReview`); `Revert` true makes it `Reviewable` again; on a HIT in another state it is `AWS.MechanicalTurk.InvalidHITState`",
  },
  {
    operations: ["UpdateHITTypeOfHIT"],
    does: "the HIT takes the new type's title, description, reward (its open slots' escrow settled as Update Task settles it), assignment duration and keywords; a type with other `QualificationRequirements` is refused (a task's requirements stay as posted)",
  },
  {
    operations: ["ListReviewPolicyResultsForHIT"],
    does: "the HIT's id with empty review reports: Coinwork runs no review policies",
  },
  {
    operations: ["UpdateNotificationSettings", "SendTestEventNotification"],
    does: "a HIT type's events sent by e-mail or to an HTTPS webhook (below); `Active` alone switches them off and on",
  },
];
