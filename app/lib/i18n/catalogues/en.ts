// The English words of Coinwork: the source catalogue, in the product's own words (docs/product/messages.md). Each
// value is an ICU message (https://unicode-org.github.io/icu/userguide/format_parse/messages/): `{name}` for a value,
// `{count, plural, one {# coin} other {# coins}}` where the words change with a number, `<link>…</link>` around words
// a component wraps. bn.ts has the same keys (its type is this file's). Namespaces: `common` goes with every page;
// `public`, `auth`, `dashboard`, `worker`, `buyer`, `admin` and `validation` with the pages of their part of the
// site (app/lib/i18n/pages.ts); `errors`, `email`, `notifications` and `feed` are composed on the server only.
export const en = {
  common: {
    brand: "Coinwork",
    loading: "Loading…",
    "language.label": "Language",
    "language.switchTo": "Read Coinwork in {language}",
    coins: "{count, plural, one {# coin} other {# coins}}",
    "money.withTaka": "{dollars} (≈ {taka})",
    // ── common words added with the public pages, sign-in and the UI kit (a)
    // keys of (a) below
    // ── common words added with the worker's pages (b)
    // keys of (b) below
    // ── common words added with the buyer's pages (c)
    // keys of (c) below
    // ── common words added with the admin's pages and the dashboard (d)
    // keys of (d) below
    // ── common words added with what the server writes (e)
    // keys of (e) below
    unexpected: "Something went wrong",
    checkTheForm: "Check the form and try again.",
  },
  public: {
    // the public pages, the header and footer (a)
  },
  auth: {
    // sign-in, registration, e-mailed links (a)
  },
  dashboard: {
    // every signed-in page's frame and the shared dashboard pages (d)
    "settings.language.title": "Language",
    "settings.language.hint": "Pages, e-mails and notifications come in the language you choose.",
    "settings.language.save": "Save language",
  },
  worker: {
    // the worker's pages (b)
  },
  buyer: {
    // the buyer's pages (c)
  },
  admin: {
    // the admin's pages (d)
  },
  validation: {
    // the forms' messages (e)
    "action.unknown": "Unknown action",
    "id.missing": "Missing id",
    "text.atMost": "At most {max} characters",
    "text.atLeast": "At least {min} characters",
    "number.invalid": "Invalid Input",
    "number.atMost": "At most {max, number}",
    "email.required": "Email is required",
    "email.tooLong": "Email is too long",
    "email.invalid": "Enter a valid email address",
    "image.notUploaded": "Upload the image to Coinwork first",
    "name.required": "Name is required",
    "role.select": "Select a role",
    "country.notListed": "Choose your country from the list",
    "link.notValid": "This link has expired or was already used.",
    "password.required": "Password is required",
    "password.tooShort": "At least 12 characters",
    "password.current": "Enter your current password",
    "check.match": "Choose how the answer is matched",
    "reason.required": "A reason is required",
    "payoutReference.required": "Enter the payout''s transaction ID or reference",
    "takaRate.invalid": "Enter how many taka a US dollar buys, e.g. 121.50",
    "adjust.required": "Enter the number of coins to add or deduct",
    "adjust.zero": "The amount cannot be 0",
    "alerts.wordsTooLong": "Words are at most 100 characters.",
    "alerts.wordsNeedAWord": "Type a word to look for, or leave the words empty.",
    "alerts.unknownCategory": "Pick one of the categories, or none for every category.",
    "alerts.minHourlyRange": "Least pay per hour: whole dollars from 1 to 1,000, or none.",
    "alerts.minApprovalRange": "Least approval rate: a percentage from 1 to 100, or none.",
    "alerts.unknownSearch": "Unknown saved search",
    "alerts.onOrOff": "Choose on or off",
    "appeal.required": "Say why the rejection was wrong",
    "withdraw.coinsRequired": "Coins to withdraw are required",
    "withdraw.minimumOne": "Minimum 1 coin",
    "withdraw.selectSystem": "Select a payment system",
    "withdraw.accountRequired": "Account number is required",
    "withdraw.walletNumber": "Enter the 11-digit {system} number, starting 01",
    "withdraw.bankAccount": "Enter the bank account number: 6 to 20 digits",
    "withdraw.otherAccount": "Write the service and your account on it",
    "withdraw.bankNameRequired": "Bank name is required",
    "withdraw.bankBranchRequired": "Branch or routing number is required",
    "withdraw.overBalance": "You can withdraw at most {count, plural, one {# coin} other {# coins}}.",
    "withdraw.belowMinimum": "The minimum withdrawal is {min} coins.",
    "purchase.choosePackage": "Choose a package",
    "purchase.unknownPackage": "Unknown coin package",
    "purchase.chooseCoinPackage": "Choose a coin package",
    "submission.taskRequired": "Task is required",
    "submission.textRequired": "Submission text is required",
    "submissions.itemsPerPage": "Items per page must be 3, 5 or 10",
    "keys.choose": "Choose a key",
    "keys.notYours": "That is not one of your access key ids",
    "review.unknownSubmission": "Unknown submission",
    "review.unknownWorker": "Unknown worker",
    "review.blockReasonRequired": "Say why you block this worker (only you see it).",
    "review.unknownVersion": "Unknown version",
    "review.rejectReasonRequired": "Choose a reason or write one for the worker",
    "review.pickQualification": "Pick a qualification",
    "review.lookFirst": "Confirm that you have looked at the proof of every selected submission",
    "revision.noteRequired": "Say what the worker should change.",
    "revision.noteTooLong": "A revision note can be at most {max} characters.",
    "message.required": "Write a message first.",
    "message.tooLong": "A message can be at most {max} characters.",
    "task.completionDateRequired": "Completion date is required",
    "task.completionDatePast": "Completion date cannot be in the past",
    "task.timeAllowanceRequired": "Time allowance is required",
    "task.timeAllowanceRange": "The time allowance is {min} minutes to 24 hours",
    "task.estimateRequired": "Time estimate is required",
    "task.estimateRange": "The time estimate is {min} to {max} minutes",
    "task.approvalRate": "Approval rate: a whole number from 0 to 100",
    "task.approved": "Approved submissions: a whole number, 0 or more",
    "task.unknownQualification": "Unknown qualification",
    "task.leastScore": "Least score: a whole number from 0 to 100",
    "task.submissionInfoRequired": "Submission info is required",
    "task.categoryRequired": "Category is required",
    "addTask.titleRequired": "Task Title is required",
    "addTask.detailRequired": "Task detail is required",
    "addTask.workersMinimum": "Minimum 1 worker is required",
    "addTask.amountMinimum": "Minimum amount is 1",
    "updateTask.titleRequired": "Task title is required",
    "updateTask.workersMinimum": "Must be at least 1 worker",
    "updateTask.amountMinimum": "Amount must be greater than 0",
    "qualification.nameRequired": "Name the qualification",
    "qualification.descriptionRequired": "Say what the qualification shows",
    "qualification.retakeHours": "Retake wait: a whole number of hours from 0 to 8760",
    "qualification.score": "Score: a whole number from 0 to 100",
    "qualification.choices": "Give {min} to {max} choices, one a line",
    "qualification.choiceTooLong": "A choice: at most {max} characters",
    "qualification.answer": "The right choice: the number of one of the choices",
    "qualification.promptRequired": "Write the question",
    "bonus.coinsRequired": "Enter the bonus in coins",
    "bonus.atLeastOne": "At least 1 coin",
    "bonus.reasonRequired": "Tell the worker what the bonus is for.",
  },
  errors: {
    // the services' refusals as pages show them (e)
    "coins.notAvailable": "Not available Coin.  Purchase Coin",
    "coins.insufficient": "Insufficient Coins",
    "coins.adjustOnlyHas": "{name} has only {count, plural, one {# coin} other {# coins}}.",
    "coins.ownAccount": "Nobody can move coins into or out of their own account.",
    changedMeanwhile: "Someone changed this at the same moment. Reload and try again.",
    "account.verifyFirst": "Verify your email address first.",
    rateLimited: "Too many attempts. Please wait a minute and try again.",
    "form.tooLarge": "The form is too large",
    "account.emailExists": "Email already exists",
    "account.badCredentials": "Invalid email or password",
    "account.removed": "This account has been removed",
    "account.alreadyVerified": "Your email address is already verified.",
    "account.sameEmail": "That is already your email address.",
    "account.wrongPassword": "That is not your current password.",
    "account.noPasswordYet":
      "Your account has no password yet. To choose one, use ''Forgot password?'' on the login page: we''ll email you a link.",
    "account.passwordTooCommon": "This password is too common or too easy to guess. Try a few unrelated words instead.",
    "account.tooManyEmails": "You can ask for 3 emails every 10 minutes. Please check your inbox, or try again later.",
    "account.tooManySignIns":
      "Too many failed sign-ins. Please wait {count, plural, one {# second} other {# seconds}} and try again{canReset, select, yes {, or choose a new password with ''Forgot password?''} other {}}.",
    "account.confirmWithEmail": "Type your email address to confirm.",
    "account.reviewsBlockClosing":
      "Submissions are waiting for your review. Review them before closing your account: their workers are waiting to be paid.",
    "account.lastAdminCannotClose": "You are the last admin: make someone else an admin before closing your account.",
    "google.expired": "Google sign-in expired. Please try again.",
    "google.cancelled": "Google sign-in was cancelled",
    "google.notAccepted": "Google did not accept the sign-in",
    "google.noIdentity": "Google did not return an identity",
    "google.notVerified": "Google sign-in could not be verified",
    "google.noEmail": "Your Google account has no verified e-mail",
    signInFirst: "Sign in first",
    notAllowed: "You are not allowed to do this",
    notFound: "Not found",
    userNotFound: "User not found",
    "image.type": "Only PNG, JPEG, WebP or GIF images can be uploaded",
    "image.tooLarge": "Images can be at most 5 MB",
    "image.tooManyPixels": "Images can be at most 4 megapixels (for example 2,500 × 1,600 pixels)",
    "image.damaged": "This image is damaged or incomplete. Save it again and upload the new file.",
    "task.notFound": "Task not found",
    "task.notYours": "This is not your task",
    "task.onlyBuyerEdits": "Only the task''s buyer can edit it",
    "task.onlyBuyerCloses": "Only the task''s buyer can close it",
    "task.changed": "The task changed while you were editing it. Reload and try again.",
    "task.pendingBlocksDelete": "This task has submissions waiting for review. Review them before deleting the task.",
    "task.holdsBlockDelete":
      "A worker has started this task and is working on it. Delete it once they have sent their work or given it back.",
    "task.paused":
      "This task is paused: it pays under the minimum hourly pay at the time workers took, and its buyer has been asked to raise the pay. It takes no new starts until then.",
    "task.pastDate": "This task is past its completion date.",
    "task.noSlots": "No slots left on this task.",
    "task.ownTask": "You cannot work on your own task.",
    "task.ownTaskSubmit": "You cannot submit work to your own task.",
    "task.alreadySubmitted": "You already have a pending or approved submission for this task.",
    "task.blocked": "This buyer''s tasks are not open to you.",
    "task.notStarted": "Start the task before you send your work.",
    "task.timeRanOut":
      "Your time for this task ran out, so its slot went back to the task. Start it again if a slot is free.",
    "task.notHolding": "You have not started this task.",
    "task.assignmentNotOpen":
      "This assignment is not open: start the HIT on Coinwork, then send your work from its page.",
    "task.belowMinimumPay":
      "The minimum pay is {hourly}: a task of {time} must pay at least {coins, plural, one {# coin} other {# coins}} per worker.",
    "task.belowJudgedPay":
      "The minimum pay is {hourly}: workers took a median of {time} on this task, so it must pay at least {coins, plural, one {# coin} other {# coins}} per worker.",
    "time.hourly": "{dollars}/hour",
    "time.hours": "{count, plural, one {# hour} other {# hours}}",
    "time.minutes": "{count, plural, one {# minute} other {# minutes}}",
    "submission.notFound": "Submission not found",
    "submission.alreadyReviewed": "This submission has already been reviewed.",
    "submission.notPending": "Only a submission waiting for review can be changed or withdrawn.",
    "submission.editedSinceSeen":
      "The worker changed this submission after you opened it. Look at it again before you decide.",
    "submission.notRejected": "Only a rejected submission''s rejection can be reversed.",
    "submission.submittedAgain":
      "The worker has another pending or approved submission for this task, so this one cannot be approved.",
    "submission.onlyBuyerReviews": "Only the task''s buyer can review this submission",
    "review.noneSelected": "Select at least one submission to approve.",
    "review.tooMany": "Approve at most {count} submissions at a time.",
    "revision.once": "You already asked for a revision of this submission. Approve or reject it now.",
    "revision.outstanding":
      "You asked for a revision: wait for the worker''s resubmission (or for its 48 hours to end) before you decide.",
    "revision.notPending": "Only a submission waiting for review can be sent back for a revision.",
    "check.answerRequired": "Answer the check question",
    "check.answerMissing": "Give the expected answer of the check question",
    "check.choicesNeeded": "Give at least two choices, one a line",
    "check.answerNotAChoice": "The expected answer must be one of the choices",
    "appeal.notFound": "Appeal not found",
    "appeal.onlyRejected": "Only a rejected submission can be appealed.",
    "appeal.already": "You have already appealed this rejection.",
    "appeal.windowPassed": "The {days} days to appeal this rejection have passed.",
    "appeal.alreadyDecided": "This appeal has already been decided.",
    "appeal.activeElsewhere":
      "The worker has another pending or approved submission for this task, so this one cannot be approved. Uphold the rejection instead.",
    "withdraw.belowMinimum": "The minimum withdrawal is {min} coins.",
    "withdraw.alreadyDecided": "This withdrawal request has already been decided.",
    "withdraw.notYours": "Only the worker who asked for this withdrawal can cancel it.",
    "withdraw.notFound": "Withdrawal request not found",
    "payment.notSucceeded": "The payment has not succeeded",
    "payment.noPackage": "This payment does not match a coin package",
    "payment.notFound": "Payment not found",
    "payment.someoneElses": "This payment belongs to someone else",
    "payment.notSetUp": "Card payments are not set up on this server.",
    "payment.testModeOff": "Test mode is off on this server",
    "payment.unknownPackage": "Unknown coin package",
    "block.notAWorker": "Only workers can be blocked.",
    "block.notFound": "No such block",
    "worker.notFound": "Worker not found",
    "buyer.notFound": "Buyer not found",
    "qualification.notFound": "Qualification not found",
    "qualification.notYours": "This is not your qualification",
    "qualification.nameTaken": "You already have a qualification with this name.",
    "qualification.notAWorker": "Only workers can hold qualifications.",
    "qualification.noTest": "This qualification has no test.",
    "qualification.testNotFound": "Test not found",
    "qualification.questionNotFound": "Question not found",
    "qualification.notHeld": "This worker does not hold this qualification",
    "qualification.unknown": "Unknown qualification",
    "qualification.tooManyQuestions": "A test has at most {count} questions",
    "qualification.notRequestable":
      "This qualification can''t be requested: its owner grants it by hand or by its test.",
    "qualification.alreadyRequested": "You have already asked for this qualification. Its owner has not decided yet.",
    "qualification.alreadyHeld": "You already hold this qualification.",
    "qualification.requestNotFound": "Qualification request not found",
    "admin.notSelf": "Admins cannot change or remove their own account.",
    "admin.lastAdmin": "The last admin cannot be demoted or removed.",
    "admin.messageNotFound": "Message not found",
    "message.rateLimited": "You are sending messages too fast. Wait a minute and try again.",
    "message.notAParty": "Only the task''s buyer and its worker can read this conversation.",
    "message.noConversation": "Conversation not found",
    "message.adminReadsOnly": "Admins read an appealed submission''s conversation; they do not write in it.",
    "message.notWorkedFor": "This worker has not worked for you, so you cannot message them.",
    "bonus.notSent": "A bonus is paid on work the worker sent: this submission was cancelled with its task.",
    "bonus.keyReused": "This request key was already used for another bonus.",
    "bonus.changedMeanwhile": "The submission or its task changed meanwhile. Reload and try again.",
    "alerts.tooMany": "You can keep up to {count} saved searches. Delete one to save another.",
    "alerts.notFound": "Saved search not found",
    "keys.tooMany": "You have {count} active keys, the most a buyer can have: revoke one you no longer use first.",
    "keys.signInAgain":
      "Sign in again with Google to create a key: without a password, a key can be made only in the {minutes} minutes after signing in.",
    "keys.notFound": "Key not found",
    "batch.fileTooLarge": "The file is larger than 1 MB. Split it into smaller files.",
    "batch.tooManyRows": "The file has more than {count} tasks. Split it into smaller files.",
    "batch.noRows": "The file has no tasks. Fill in the template, one task a row.",
    "batch.draftGone": "This upload is no longer here. Upload the file again.",
  },
  email: {
    // e-mails (e)
    hi: "Hi {name},",
    signature: "The Coinwork team",
    buttonFallback: "If the button does not work, copy this address into your browser:",
    unsubscribe: "Don''t want these e-mails? <link>Unsubscribe</link> with one click.",
    unsubscribeText: "Don''t want these e-mails? Unsubscribe: {url}",
    open: "Open Coinwork",
    "link.once24h": "The link works once, for 24 hours.",
    "verify.subject": "Confirm your email address",
    "verify.welcome": "Welcome to Coinwork! Please confirm that {email} is your email address.",
    "verify.until": "Until you do, you can look around, but you can''t post tasks, submit work, buy coins or withdraw.",
    "verify.action": "Confirm my email address",
    "verify.notYou": "If you didn''t create a Coinwork account, you can ignore this email.",
    "key.subject": "A requester API key was created",
    "key.created": "A new MTurk Requester API key, {key}, was just created for your Coinwork account.",
    "key.scripts": "Scripts that sign with it can post tasks and pay workers from your balance, as you can.",
    "key.action": "See your keys",
    "key.notYou":
      "If you didn''t create it, revoke it here at once, then change your password: that revokes every key and ends every session.",
    "reset.subject": "Reset your password",
    "reset.asked": "Someone asked to reset the password of the Coinwork account for {email}.",
    "reset.action": "Choose a new password",
    "reset.once": "The link works once, for 30 minutes. Choosing a new password signs you out everywhere else.",
    "reset.notYou": "If you didn''t ask for this, you can ignore this email: your password stays as it is.",
    "newEmail.subject": "Confirm your new email address",
    "newEmail.asked": "You asked to use {email} for your Coinwork account. Please confirm it is yours.",
    "newEmail.until": "Until you do, your account keeps using {email}.",
    "newEmail.action": "Confirm my new email address",
    "newEmail.notYou": "If you didn''t ask for this, you can ignore this email: nothing changes.",
    "changed.subject": "Your email address was changed",
    "changed.now":
      "The email address of your Coinwork account is now {email}. From now on, we''ll write to that address.",
    "changed.notYou": "If you didn''t make this change, contact us right away: {url}",
    "approve.subject": "Approve the change of your email address",
    "approve.asked":
      "Someone signed in to your Coinwork account asked to change its email address from {from} to {to}.",
    "approve.ifYou": "If it was you, approve the change: we''ll then send a link to {email} to confirm it.",
    "approve.action": "Approve the change",
    "approve.notYou":
      "If it wasn''t you, don''t approve it: sign in and choose ''Sign out everywhere'' in Settings to end every session.",
    "digest.subject":
      "{count, plural, =1 {A new task matches your alerts} other {{count, number, ::group-off} new tasks match your alerts}}",
    "digest.intro":
      "{count, plural, =1 {A new task matches your saved searches:} other {{count, number, ::group-off} new tasks match your saved searches:}}",
    "digest.action": "Manage your alerts",
    "digest.more": "And {count, number, ::group-off} more: see them on your task list.",
    "digest.often": "We send at most one of these e-mails an hour. Your notifications and feeds list every match.",
    "digest.task": "{coins, plural, one {# coin} other {# coins}} · {category}",
    "buyerMessage.subject": "{from} on Coinwork: {subject}",
    "buyerMessage.intro": "{from}, a buyer you worked for on Coinwork, sent you this message:",
    "buyerMessage.only":
      "You get messages only from buyers whose tasks you worked on. Reply through their tasks'' pages.",
    "newMessage.subject": 'New message about "{title}"',
    "newMessage.intro": '{from} sent you a message about "{title}" on Coinwork.',
    "newMessage.action": "Read the conversation",
    "newMessage.often": "We send at most one e-mail an hour per conversation; the others show in your notifications.",
    "hitEvents.subjectOne": "HIT event: {type}",
    "hitEvents.subject": "{count, number, ::group-off} HIT events",
    "hitEvents.line":
      "{type} at {at}{hasHit, select, yes {, HIT {hit}} other {}}{hasAssignment, select, yes {, assignment {assignment}} other {}}",
    "hitEvents.json": "The notification as JSON: {message}",
    "hitEvents.why":
      "You get these e-mails because a HIT type of yours sends its events by e-mail (UpdateNotificationSettings). Set Active to false to stop them.",
  },
  notifications: {
    // notifications (e)
    "submission.received": '{worker} submitted work for "{title}"',
    "submission.approved":
      'You earned {coins, plural, one {# coin} other {# coins}}: your submission for "{title}" was approved.',
    "submission.approvedWithFeedback":
      'You earned {coins, plural, one {# coin} other {# coins}}: your submission for "{title}" was approved. The buyer wrote: {feedback}',
    "submission.reversed":
      'You earned {coins, plural, one {# coin} other {# coins}}: {buyer} reversed their rejection of your submission for "{title}" and approved it.',
    "submission.reversedWithFeedback":
      'You earned {coins, plural, one {# coin} other {# coins}}: {buyer} reversed their rejection of your submission for "{title}" and approved it. The buyer wrote: {feedback}',
    "submission.rejectedWithReason": 'Your submission for "{title}" was rejected: {reason}',
    "submission.rejected": 'Your submission for "{title}" was rejected. The requester gave no reason.',
    "submission.revised": '{worker} sent the revision you asked for on "{title}". It waits for your review again.',
    "submission.changed": '{worker} changed their submission for "{title}". It waits for your review again.',
    "submission.withdrawnRaised":
      '{worker} withdrew their submission for "{title}". You have raised its pay since, so its {coins, plural, one {# coin} other {# coins}} went back to your balance.',
    "submission.withdrawn": '{worker} withdrew their submission for "{title}". Its slot is open again.',
    "coins.added": "An admin added {coins, plural, one {# coin} other {# coins}} to your balance.",
    "coins.deducted": "An admin deducted {coins, plural, one {# coin} other {# coins}} from your balance.",
    "account.takenOver":
      "You signed in with Google. This account''s email address had not been confirmed, so its password was removed and its other sessions ended. To use a password too, choose ''Forgot password?'' on the login page.",
    "hold.timeRanOut": 'Your time for "{title}" ran out, so its slot went back to the task.',
    "hold.endedBy": 'Your start on "{title}" ended and its slot went back to the task. {why}',
    "hold.qualificationNotHeld":
      "This task is for workers who hold the qualification “{name}”{min, plural, =0 {} other { with a score of at least #}}; you do not hold it.",
    "hold.qualificationScore":
      "This task is for workers who hold the qualification “{name}”{min, plural, =0 {} other { with a score of at least #}}; your score is {score}.",
    "payment.reversed":
      "Your card payment of {dollars} for {coins, number, ::group-off} coins was {kind, select, refunded {refunded} other {disputed}}, so {taken, number, ::group-off} coins were taken back from your balance.",
    "payment.reversedOwed":
      "Your card payment of {dollars} for {coins, number, ::group-off} coins was {kind, select, refunded {refunded} other {disputed}}, so {taken, number, ::group-off} coins were taken back. Your balance did not cover them: you owe the rest until you buy coins.",
    "message.received": '{name} sent you a message about "{title}".',
    "bonus.received":
      '{buyer} sent you a bonus of {coins, plural, one {# coin} other {# coins}} for "{title}": {reason}',
    "revision.asked": 'Revision asked on "{title}", due {due}: {note}',
    "revision.timeRanOut":
      "Your time to revise \"{title}\" ran out. Your original proof waits for the buyer''s review.",
    "revision.noneCame":
      'No revision came for "{title}" in {hours} hours. The original proof waits for your review again.',
    "qualification.granted": "You hold the qualification “{name}” with a score of {score}.",
    "qualification.revoked": "Your qualification “{name}” was removed: {reason}",
    "qualification.requestAccepted":
      "Your request for the qualification “{name}” was accepted: you hold it with a score of {score}.",
    "qualification.requestRefused": "Your request for the qualification “{name}” was not accepted.",
    "qualification.requestRefusedWithReason": "Your request for the qualification “{name}” was not accepted: {reason}",
    "task.removed": 'An admin removed your task "{title}". Its escrowed coins were refunded.',
    "appeal.upheld": 'An admin reviewed your appeal for "{title}": the rejection stands.',
    "appeal.overturned":
      'You earned {coins, plural, one {# coin} other {# coins}}: an admin overturned the rejection of your submission for "{title}".',
    "appeal.overturnedForBuyer":
      "An admin overturned your rejection of {worker}''s submission for \"{title}\": they were paid {coins, plural, one {# coin} other {# coins}} {source}.",
    "appeal.fromBalance": "from your balance",
    "appeal.fromSlotAndBalance":
      "from the task''s open slot and {coins, plural, one {# coin} other {# coins}} from your balance",
    "appeal.fromSlotAndBack":
      "from the task''s open slot, and {coins, plural, one {# coin} other {# coins}} came back to your balance",
    "appeal.fromSlot": "from the task''s open slot",
    "appeal.shortBy":
      " Your balance was short by {coins} coins, which you now owe: buy coins to settle the debt before spending coins.",
    "withdrawal.approved": "Your withdrawal of {dollars} was approved.",
    "withdrawal.approvedWithReference": "Your withdrawal of {dollars} was approved. Payout reference: {reference}.",
    "withdrawal.rejected":
      "Your withdrawal of {dollars} was rejected. The {coins, number, ::group-off} coins are back in your balance.",
    "withdrawal.rejectedWithReason":
      "Your withdrawal of {dollars} was rejected: {reason} The {coins, number, ::group-off} coins are back in your balance.",
    "pay.belowMinimum":
      'Workers take longer than you estimated on "{title}": it pays under the minimum of {hourly} and is marked so on the task list. Raise its pay on Update Task.',
    "pay.paused":
      'Your task "{title}" is paused: at the median time its first {judged} workers took, it pays under the minimum of {hourly}, so it takes no new starts. Raise its pay on Update Task to reopen it. The work already sent was topped up to the minimum by bonuses from your balance.',
    "pay.toppedUp":
      'Work sent on "{title}" at a pay under the minimum of {hourly} (at the median time its first {judged} workers took) was topped up to it by a bonus from your balance.',
    "pay.topUpReason":
      "Your pay for \"{title}\" was topped up to Coinwork''s minimum of {hourly} at the median time workers took on it.",
    "pay.owed": " Your balance did not cover it all: you owe the rest until you buy coins.",
    "alerts.newTask": "New task for your alerts: “{title}”",
    "task.closedHoldEnded":
      'The task "{title}" was closed before you sent your work, so your start ended. Nothing is marked against you.',
    "task.closedSubmissionCancelled": 'The task "{title}" was closed, so your pending submission was cancelled.',
    "task.removedSubmissionCancelled": 'The task "{title}" was removed, so your pending submission was cancelled.',
  },
  feed: {
    // the task alerts' Atom feed (e)
    title: "Coinwork task alerts: {search}",
    summary: "{coins, plural, one {# coin} other {# coins}} · {category} · until {until}. {detail}",
    "search.words": "“{words}”",
    "search.wordsInCategory": "“{words}” in {category}",
    "search.everyInCategory": "every task in {category}",
    "search.payingAtLeast": "paying at least {hourly}",
    "search.approvalAtLeast": "from buyers approving at least {percent}%",
    "search.everyNew": "every new task",
    "search.every": "every task",
    "search.withBounds": "{what} {bounds}",
  },
};

/** The shape every catalogue has: the same namespaces and keys as English. */
export type Catalogue = { [N in keyof typeof en]: { [K in keyof (typeof en)[N]]: string } };
