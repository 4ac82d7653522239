import { type RouteConfig, index, layout, prefix, route } from "@react-router/dev/routes";

// Pages (public, then the dashboards by role) and the REST API (docs/product/rest-api.md) as resource routes.
export default [
  layout("routes/public/layout.tsx", [
    index("routes/public/home.tsx"),
    route("about", "routes/public/about.tsx"),
    route("contact", "routes/public/contact.tsx"),
    route("faq", "routes/public/faq.tsx"),
    route("terms", "routes/public/terms.tsx"),
    route("login", "routes/auth/login.tsx"),
    route("register", "routes/auth/register.tsx"),
    route("forgot-password", "routes/auth/forgot-password.tsx"),
    route("reset-password", "routes/auth/reset-password.tsx"),
    route("verify-email", "routes/auth/verify-email.tsx"),
    // development and test only: every e-mail sent (404 in production)
    route("dev/mail", "routes/dev/mailbox.tsx"),
    route("dev/mail/:id", "routes/dev/mail-message.tsx"),
    route("unauthorized", "routes/public/unauthorized.tsx"),
    // the unsubscribe link of the task alerts' e-mails: public by its token (GET confirms, POST is RFC 8058's one-click)
    route("alerts/unsubscribe/:token", "routes/alerts/unsubscribe.tsx"),
    // a task as visitors see it from the landing page (signed in: sent on by role, as /browse does)
    route("browse/:id", "routes/public/task.tsx"),
    route("buyers/:id", "routes/public/buyer.tsx"),
    // docs/mturk.md as a page ("How to use the API"); /docs/mturk.md serves the Markdown itself
    route("docs/mturk", "routes/docs/mturk-guide-page.tsx"),
    route("*", "routes/public/not-found.tsx"),
  ]),
  route("browse", "routes/public/task-door.ts"),
  route("logout", "routes/auth/logout.tsx"),
  // the language switch of the header and Settings (a form post, then back to the page)
  route("language", "routes/language.ts"),
  // a page's words, a file per page and language named by its content's hash (decision 111)
  route("words/:file", "routes/words.ts"),
  route("auth/google", "routes/auth/google.tsx"),
  route("auth/google/callback", "routes/auth/google-callback.tsx"),

  route("dashboard", "routes/dashboard/layout.tsx", [
    index("routes/dashboard/index.tsx"),
    route("notifications", "routes/dashboard/notifications.tsx"),
    route("settings", "routes/dashboard/settings.tsx"),
    route("settings/data", "routes/dashboard/account-data.ts"),
    route("settings/close", "routes/dashboard/close-account.tsx"),
    route("verify-email", "routes/dashboard/verify-email.tsx"),
    // a conversation: /threads/submission/<id>, or a worker's questions /threads/task/<task id>/<worker id>
    route("threads/:kind/:id/:workerId?", "routes/dashboard/thread.tsx"),
    // Messages: a worker's or a buyer's conversations (the admins' Messages, /messages, are the contact form's)
    route("inbox", "routes/dashboard/inbox.tsx"),
    // a dashboard path that names no page: its 404 inside the signed-in frame
    route("*", "routes/dashboard/not-found.tsx"),
    layout("routes/dashboard/buyer/layout.tsx", [
      route("buyerhome", "routes/dashboard/buyer/home.tsx"),
      route("addtask", "routes/dashboard/buyer/add-task.tsx"),
      route("batchtasks", "routes/dashboard/buyer/batch-tasks.tsx"),
      route("batchtasks/template.csv", "routes/dashboard/buyer/batch-template.ts"),
      route("mytasks", "routes/dashboard/buyer/my-tasks.tsx"),
      route("updatetask/:id", "routes/dashboard/buyer/update-task.tsx"),
      route("purchasecoin", "routes/dashboard/buyer/purchase-coin.tsx"),
      route("paymenthistory", "routes/dashboard/buyer/payment-history.tsx"),
      route("bonuses", "routes/dashboard/buyer/bonuses.tsx"),
      // requester keys for the MTurk API (docs/mturk.md), reached from Settings
      route("apikeys", "routes/dashboard/buyer/api-keys.tsx"),
      route("qualifications", "routes/dashboard/buyer/qualifications.tsx"),
      route("qualifications/:id", "routes/dashboard/buyer/qualification.tsx"),
    ]),
    layout("routes/dashboard/worker/layout.tsx", [
      route("workerhome", "routes/dashboard/worker/home.tsx"),
      route("tasklist", "routes/dashboard/worker/task-list.tsx"),
      route("tasklist/:id", "routes/dashboard/worker/task-detail.tsx"),
      route("alerts", "routes/dashboard/worker/alerts.tsx"),
      route("mysubmissions", "routes/dashboard/worker/my-submissions.tsx"),
      route("mysubmissions/:id", "routes/dashboard/worker/submission.tsx"),
      route("withdraw", "routes/dashboard/worker/withdraw.tsx"),
      route("tests", "routes/dashboard/worker/tests.tsx"),
      route("tests/:id", "routes/dashboard/worker/test.tsx"),
    ]),
    layout("routes/dashboard/admin/layout.tsx", [
      route("adminhome", "routes/dashboard/admin/home.tsx"),
      route("managetasks", "routes/dashboard/admin/manage-tasks.tsx"),
      route("manageusers", "routes/dashboard/admin/manage-users.tsx"),
      route("messages", "routes/dashboard/admin/messages.tsx"),
      route("appeals", "routes/dashboard/admin/appeals.tsx"),
      route("auditlog", "routes/dashboard/admin/audit-log.tsx"),
      route("ledger", "routes/dashboard/admin/ledger.tsx"),
    ]),
  ]),

  // A saved search's private Atom feed, public by its token (docs/product/task-alerts.md)
  route("alerts/feed/:token", "routes/alerts/feed.ts"),

  // Files
  route("robots.txt", "routes/public/robots.ts"),
  route("sitemap.xml", "routes/public/sitemap.ts"),

  // REST API (docs/product/rest-api.md): the paths existing clients call, kept as they are (decision 006), and the
  // image uploads; each module is named by what it does and declares its catalogue entries. The pathless layout
  // applies their CORS middleware once
  layout("routes/api/layout.ts", [
    route("images", "routes/api/image-upload.ts"),
    route("images/:key", "routes/api/image-file.ts"),
    ...prefix("auth", [
      route("register", "routes/api/auth.register.ts"),
      route("login", "routes/api/auth.login.ts"),
      route("logout", "routes/api/auth.logout.ts"),
      route("verify/resend", "routes/api/auth.verify.resend.ts"),
      route("forgot", "routes/api/auth.forgot.ts"),
      route("reset", "routes/api/auth.reset.ts"),
    ]),
    route("webhooks/stripe", "routes/api/webhooks.stripe.ts"),
    route("test-payments/confirm", "routes/api/test-payments.confirm.ts"),
    route("users", "routes/api/users.ts"),
    route("users1", "routes/api/coin-adjustments.ts"),
    route("users3", "routes/api/user-list.ts"),
    route("categories", "routes/api/categories.ts"),
    route("workers", "routes/api/top-workers.ts"),
    route("tasks", "routes/api/tasks.ts"),
    route("tasks1", "routes/api/buyer-tasks.ts"),
    route("tasks2", "routes/api/open-tasks.ts"),
    route("tasks3", "routes/api/featured-tasks.ts"),
    route("task-batches", "routes/api/task-batches.ts"),
    route("task-batches/template", "routes/api/task-batch-template.ts"),
    route("buyer-reputation", "routes/api/buyer-reputation.ts"),
    route("task-starts", "routes/api/task-starts.ts"),
    route("submission", "routes/api/submissions.ts"),
    route("submission1", "routes/api/submission-reviews.ts"),
    route("submission2", "routes/api/worker-submissions.ts"),
    route("submissions/approve", "routes/api/bulk-approval.ts"),
    route("withdraw", "routes/api/withdrawals.ts"),
    route("withdraw/queue", "routes/api/withdrawal-queue.ts"),
    route("appeals", "routes/api/appeals.ts"),
    route("submission-revisions", "routes/api/submission-revisions.ts"),
    route("messages", "routes/api/messages.ts"),
    route("worker-blocks", "routes/api/worker-blocks.ts"),
    route("saved-searches", "routes/api/saved-searches.ts"),
    route("saved-searches/feed-token", "routes/api/saved-search-feed-token.ts"),
    route("bonuses", "routes/api/bonuses.ts"),
    route("qualifications", "routes/api/qualifications.ts"),
    route("qualification-grants", "routes/api/qualification-grants.ts"),
    route("qualification-tests", "routes/api/qualification-tests.ts"),
    route("create-payment-intent", "routes/api/create-payment-intent.ts"),
    route("orders", "routes/api/orders.ts"),
    route("orders1", "routes/api/order-history.ts"),
    route("total-required-workers", "routes/api/total-required-workers.ts"),
    route("total-payment", "routes/api/total-payment.ts"),
    route("total-payed", "routes/api/total-payed.ts"),
    route("user-preference", "routes/api/user-preference.ts"),
    route("notifications", "routes/api/notifications.ts"),
    route("totalcoins", "routes/api/total-coins.ts"),
    route("totaldollars", "routes/api/total-dollars.ts"),
    route("openapi.json", "routes/api/openapi.ts"),
  ]),
  // The MTurk Requester API answered by Coinwork (docs/mturk.md), signed with AWS Signature Version 4.
  route("mturk", "routes/mturk.ts"),
  // a HIT's HTMLQuestion page is served only from the question origin (here: an empty 404), and where a question's
  // form posts its answer
  route("mturk/question/:id", "routes/mturk-question.ts"),
  route("mturk/externalSubmit", "routes/mturk-external-submit.ts"),
  route("docs/mturk.md", "routes/docs/mturk-guide.ts"),
  // The API described: OpenAPI 3.1 (generated from the valibot schemas, above) and a readable reference page.
  route("api-docs", "routes/docs/api-docs.tsx"),
] satisfies RouteConfig;
