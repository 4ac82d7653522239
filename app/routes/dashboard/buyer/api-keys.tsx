import { data, Form, Link, useActionData, useNavigation } from "react-router";
import type { Route } from "./+types/api-keys";
import { PageHeader } from "~/components/dashboard-shell";
import { Card } from "~/components/ui/card";
import { Alert } from "~/components/ui/alert";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { Field, Input } from "~/components/ui/input";
import { GoogleSignIn } from "~/components/auth-card";
import { EmptyState } from "~/components/ui/empty-state";
import { CardRow, CardTable, Cell, ACTIONS_COLUMN } from "~/components/responsive-list";
import { LocalTime } from "~/components/local-time";
import { ActionDialog, NoJsConfirm, useNoJsSpec } from "~/components/actions/confirm";
import { useActionFlow, type ActionSpec } from "~/components/actions/flow";
import { ActionTrigger } from "~/components/actions/trigger";
import { revalidateAfterPost } from "~/components/actions/revalidate";
import { getEnv } from "~/server/context";
import { buyerUser } from "~/server/auth/guards.server";
import { sessionSignedInAt } from "~/server/auth/session.server";
import { appOrigin } from "~/server/environment.server";
import { AppError, refusal } from "~/server/errors";
import { readForm } from "~/server/http/form.server";
import { confirmAction } from "~/server/http/page-action.server";
import {
  createRequesterKey,
  requesterKeysPage,
  revokeRequesterKey,
  signedInRecently,
} from "~/server/services/requester-keys.server";
import {
  createRequesterKeySchema,
  MAX_LIVE_KEYS,
  RECENT_SIGN_IN_MINUTES,
  requesterKeyActionSchema,
} from "~/lib/schemas/requester-keys";
import * as v from "valibot";
import { metaWords, useFormat, useWords, type Words } from "~/lib/i18n/react";
import { serverWords } from "~/lib/i18n/words.server";

export const meta: Route.MetaFunction = ({ matches }) => [{ title: metaWords(matches, "buyer")("apiKeys.meta") }];

const KEYS_PAGE = "/dashboard/apikeys";
const CREATE_URL = `${KEYS_PAGE}?create`;

/**
 * How the page asks the buyer to prove it is them before a key is made: the current password, or (an account without
 * one) nothing while its session was signed in the last few minutes, else a new sign-in with Google first.
 */
type Proof = "password" | "recentSignIn" | "signInAgain";

export async function loader({ context, request }: Route.LoaderArgs) {
  const env = getEnv(context);
  const [{ keys, hasPassword }, signedInAt] = await Promise.all([
    requesterKeysPage(env, buyerUser(context).id),
    sessionSignedInAt(env, request),
  ]);
  const proof: Proof = hasPassword ? "password" : signedInRecently(signedInAt) ? "recentSignIn" : "signInAgain";
  return { keys: keys.map((k) => ({ ...k, id: k.accessKeyId })), proof };
}

/**
 * Creating a key answers the page itself with the new secret, with or without JavaScript (never a redirect: the
 * secret travels once, in this answer, and is not stored readable anywhere); revoking is a confirmed action.
 */
export async function action(args: Route.ActionArgs) {
  if (!new URL(args.request.url).searchParams.has("create")) {
    const t = serverWords(buyerUser(args.context).language, "buyer");
    return confirmAction(args, {
      user: buyerUser,
      schema: requesterKeyActionSchema,
      failure: () => ({ title: t("apiKeys.notRevoked") }),
      async run({ id }, { user, env }) {
        await revokeRequesterKey(env, user, id);
        return { title: t("apiKeys.revoked"), message: t("apiKeys.revokedMessage", { id }) };
      },
    });
  }
  const env = getEnv(args.context);
  try {
    const form = await readForm(args.request);
    const input = v.safeParse(createRequesterKeySchema, {
      currentPassword: form.get("currentPassword") ?? undefined,
    });
    if (!input.success) throw new AppError("validation_failed", input.issues[0].message);
    const created = await createRequesterKey(env, buyerUser(args.context), {
      currentPassword: input.output.currentPassword,
      signedInAt: await sessionSignedInAt(env, args.request),
      origin: appOrigin(env, args.request),
    });
    return data({ created, refused: null, passwordError: null });
  } catch (e) {
    const r = refusal(e);
    const passwordError = r.fields?.currentPassword?.[0] ?? null;
    return data({ created: null, refused: passwordError ? null : r.message, passwordError }, { status: r.status });
  }
}

export const shouldRevalidate = revalidateAfterPost;

type Key = Route.ComponentProps["loaderData"]["keys"][number];

function revokeSpec(t: Words<"buyer">, k: Key): ActionSpec {
  return {
    intent: "revoke",
    id: k.accessKeyId,
    title: t("apiKeys.confirm.title"),
    description: t("apiKeys.confirm.description", { id: k.accessKeyId }),
    confirmLabel: t("apiKeys.confirm.yes"),
    destructive: true,
  };
}

export default function ApiKeys({ loaderData }: Route.ComponentProps) {
  const { keys, proof } = loaderData;
  const answer = useActionData<typeof action>();
  const fresh = answer && "created" in answer ? answer : null;
  const creating = useNavigation().formAction === CREATE_URL;
  const t = useWords("buyer");
  const f = useFormat();
  const flow = useActionFlow();
  const noJsSpec = useNoJsSpec(keys, { revoke: (k) => revokeSpec(t, k) }, (k) => k.revokedAt === null);
  return (
    <>
      <PageHeader title={t("apiKeys.title")} description={t("apiKeys.description")} />
      <div className="grid max-w-3xl gap-6">
        <Card className="grid gap-4 p-5 sm:p-6">
          <p className="text-sm text-muted-foreground">
            {t("apiKeys.intro")}{" "}
            <a href="/docs/mturk" className="font-semibold text-brand-700 hover:underline">
              {t("apiKeys.howTo")}
            </a>
          </p>
          {fresh?.created ? (
            <Alert tone="success" title={t("apiKeys.new")} data-testid="new-key">
              <dl className="mt-2 grid gap-2 text-sm">
                <KeyPart label={t("apiKeys.keyId")} value={fresh.created.accessKeyId} testId="new-key-id" />
                <KeyPart label={t("apiKeys.secret")} value={fresh.created.secretAccessKey} testId="new-key-secret" />
              </dl>
              <p className="mt-2 text-sm font-semibold">{t("apiKeys.copyNow")}</p>
            </Alert>
          ) : null}
          {fresh?.refused ? (
            <Alert tone="danger" title={t("apiKeys.notCreated")}>
              {fresh.refused}
            </Alert>
          ) : null}
          {proof === "signInAgain" ? (
            <div className="grid gap-3">
              <p className="text-sm">{t("apiKeys.google", { minutes: f.count(RECENT_SIGN_IN_MINUTES) })}</p>
              <GoogleSignIn redirectTo={KEYS_PAGE} className="justify-self-start">
                {t("apiKeys.googleAgain")}
              </GoogleSignIn>
            </div>
          ) : (
            <Form method="post" action={CREATE_URL} className="grid gap-3">
              {proof === "password" ? (
                <Field
                  label={t("apiKeys.password")}
                  htmlFor="key-current-password"
                  error={fresh?.passwordError}
                  hint={t("apiKeys.passwordHint")}
                >
                  <Input
                    id="key-current-password"
                    name="currentPassword"
                    type="password"
                    autoComplete="current-password"
                    required
                    aria-invalid={fresh?.passwordError ? true : undefined}
                    aria-describedby={fresh?.passwordError ? "key-current-password-error" : undefined}
                    className="max-w-sm"
                  />
                </Field>
              ) : null}
              <Button type="submit" disabled={creating} className="justify-self-start">
                {creating ? t("apiKeys.creating") : t("apiKeys.create")}
              </Button>
            </Form>
          )}
          <p className="text-sm text-muted-foreground">{t("apiKeys.notes", { max: f.count(MAX_LIVE_KEYS) })}</p>
        </Card>
        {keys.length === 0 ? (
          <EmptyState message={t("apiKeys.empty")} />
        ) : (
          <CardTable
            label={t("apiKeys.list")}
            testId="requester-keys"
            columns={[
              { header: t("apiKeys.keyId") },
              { header: t("apiKeys.created") },
              { header: t("apiKeys.status") },
              ACTIONS_COLUMN,
            ]}
            rows={keys}
            row={(k) => (
              <CardRow data-testid="requester-key">
                <Cell>
                  <span className="name break-all font-mono">{k.accessKeyId}</span>
                </Cell>
                <Cell label={t("apiKeys.created")}>
                  <LocalTime at={k.createdAt} />
                </Cell>
                <Cell label={t("apiKeys.status")}>
                  {k.revokedAt === null ? (
                    <Badge tone="success">{t("apiKeys.active")}</Badge>
                  ) : (
                    <Badge tone="neutral">
                      {t("apiKeys.revokedAt")} <LocalTime at={k.revokedAt} />
                    </Badge>
                  )}
                </Cell>
                <Cell className="actions">
                  {k.revokedAt === null ? (
                    <ActionTrigger
                      flow={flow}
                      spec={revokeSpec(t, k)}
                      variant="danger"
                      label={t("apiKeys.revokeLabel", { id: k.accessKeyId })}
                    >
                      {t("apiKeys.revoke")}
                    </ActionTrigger>
                  ) : null}
                </Cell>
              </CardRow>
            )}
          />
        )}
        <p className="text-sm">
          <Link to="/dashboard/settings" className="font-semibold text-brand-700 hover:underline">
            {t("apiKeys.back")}
          </Link>
        </p>
      </div>
      <ActionDialog flow={flow} />
      <NoJsConfirm spec={noJsSpec} />
    </>
  );
}

/** One part of a new key, whole and in a fixed-width font so that it can be read and copied. */
function KeyPart({ label, value, testId }: { label: string; value: string; testId: string }) {
  return (
    <div>
      <dt className="font-medium">{label}</dt>
      <dd className="break-all font-mono" data-testid={testId}>
        {value}
      </dd>
    </div>
  );
}
