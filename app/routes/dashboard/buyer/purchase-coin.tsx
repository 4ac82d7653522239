import { Form, Link, data, useActionData, useNavigation, useSearchParams } from "react-router";
import { useState, type ComponentProps } from "react";
import * as v from "valibot";
import { CircleSlash, FlaskConical, LoaderCircle, Lock, Sparkles } from "~/components/icons/more";
import type { Route } from "./+types/purchase-coin";
import { PageHeader } from "~/components/dashboard-shell";
import { Button, buttonVariants } from "~/components/ui/button";
import { Input, Label } from "~/components/ui/input";
import { Badge } from "~/components/ui/badge";
import { CoinIcon } from "~/components/icons";
import { useHydrated } from "~/components/use-hydrated";
import {
  PurchaseModal,
  TEST_CARDS,
  purchasedWords,
  type PackageView,
  type PurchaseStep,
} from "~/components/buyer/purchase-modal";
import {
  COIN_PACKAGES,
  COINS_PER_DOLLAR_BUY,
  COINS_PER_DOLLAR_WITHDRAW,
  packageQuote,
  packageSaving,
} from "~/lib/coins";
import { purchaseStepSchema } from "~/lib/schemas/money";
import { cn } from "~/lib/cn";
import { getEnv } from "~/server/context";
import { buyerUser } from "~/server/auth/guards.server";
import { redirectWithFlash } from "~/server/http/flash.server";
import { readForm } from "~/server/http/form.server";
import { refusal } from "~/server/errors";
import { confirmPurchase, createPaymentIntent } from "~/server/services/purchases.server";
import { confirmTestCard, paymentSetup } from "~/server/payments/provider.server";
import { loadWithPolicyFor, type CspHandle } from "~/lib/csp";
import { metaWords, useFormat, useWords, type Words } from "~/lib/i18n/react";
import { serverWords, type ServerWords } from "~/lib/i18n/words.server";
import type { Key } from "~/lib/i18n/messages";

/** The page needs Stripe.js (the card form) in its Content-Security-Policy. */
export const handle: CspHandle = { csp: ["stripe"] };

export const clientLoader = ({ request, serverLoader }: Route.ClientLoaderArgs) =>
  loadWithPolicyFor("stripe", request, serverLoader);

export const meta: Route.MetaFunction = ({ matches }) => [{ title: metaWords(matches, "buyer")("purchase.meta") }];

export function loader({ context }: Route.LoaderArgs) {
  const user = buyerUser(context);
  const env = getEnv(context);
  const setup = paymentSetup(env);
  return {
    mode: setup.mode,
    /** why card payments are off, in the buyer's words (null when a provider takes them) */
    unavailable: setup.mode === "off" ? setup.message : null,
    publishableKey: setup.mode === "stripe" ? (env.STRIPE_PUBLISHABLE_KEY ?? null) : null,
    packages: COIN_PACKAGES.map((p) => ({
      coins: p.coins,
      priceCents: p.priceCents,
      quote: packageQuote(p),
      saving: packageSaving(p),
    })),
    balance: user.coin ?? 0,
    billing: { name: user.name, email: user.email },
  };
}

/** A refused step as the modal (or the no-JavaScript checkout) shows it. */
function failedStep(step: "created" | "confirmed" | "pay", e: unknown, t: ServerWords<"buyer">) {
  const r = refusal(e, t("purchase.paymentFailed"));
  return data({ ok: false, step, message: r.message } satisfies PurchaseStep, { status: r.status });
}

/**
 * The browser's steps of a purchase: "create" makes a payment intent for a package (the server's price),
 * "confirm" asks the server to re-read the payment from the provider and credit it (once). "pay" is the
 * no-JavaScript test-mode form. Coins move only inside purchases.server.ts. A protocol of steps rather than one
 * decision, so it answers PurchaseStep data instead of going through page-action.server.ts.
 */
export async function action({ context, request }: Route.ActionArgs) {
  const user = buyerUser(context);
  const env = getEnv(context);
  const t = serverWords(user.language, "buyer");
  let form: FormData;
  try {
    form = await readForm(request);
  } catch (e) {
    return failedStep("created", e, t);
  }
  const parsed = v.safeParse(
    purchaseStepSchema,
    Object.fromEntries([...form].filter(([, x]) => typeof x === "string")),
  );
  if (!parsed.success) {
    const step = form.get("intent") === "confirm" ? "confirmed" : form.get("intent") === "pay" ? "pay" : "created";
    return data({ ok: false, step, message: parsed.issues[0].message } satisfies PurchaseStep, { status: 400 });
  }
  const input = parsed.output;
  if (input.intent === "create") {
    try {
      const intent = await createPaymentIntent(env, user, input.coins);
      return data({
        ok: true,
        step: "created",
        clientSecret: intent.clientSecret,
        paymentId: intent.paymentId,
        coins: intent.coins,
        priceCents: intent.priceCents,
      } satisfies PurchaseStep);
    } catch (e) {
      return failedStep("created", e, t);
    }
  }
  if (input.intent === "confirm") {
    try {
      const { order, credited, settled } = await confirmPurchase(env, user, input.paymentId);
      return data({ ok: true, step: "confirmed", coins: order.coins, credited, settled } satisfies PurchaseStep);
    } catch (e) {
      return failedStep("confirmed", e, t);
    }
  }
  // intent "pay": the test-mode provider's card step run on the server for a plain form post (with payments off,
  // creating the intent refuses with the reason).
  if (paymentSetup(env).mode === "stripe") {
    return data({ ok: false, step: "pay", message: t("purchase.needsJs") } satisfies PurchaseStep, {
      status: 400,
    });
  }
  try {
    const intent = await createPaymentIntent(env, user, input.coins);
    await confirmTestCard(env, intent.clientSecret, { number: input.number, exp: input.exp, cvc: input.cvc }, user.id);
    const { order, settled } = await confirmPurchase(env, user, intent.paymentId);
    return redirectWithFlash("/dashboard/purchasecoin", {
      type: "success",
      title: t("purchase.success"),
      message: purchasedWords(t, order.coins, settled),
    });
  } catch (e) {
    return failedStep("pay", e, t);
  }
}

export default function PurchaseCoin({ loaderData }: Route.ComponentProps) {
  const { packages, mode, unavailable, publishableKey, balance, billing } = loaderData;
  const [params] = useSearchParams();
  const hydrated = useHydrated();
  const requested = packages.find((p) => String(p.coins) === params.get("buy")) ?? null;
  const [selected, setSelected] = useState<PackageView | null>(requested);
  const t = useWords("buyer");
  const f = useFormat();
  return (
    <>
      <PageHeader
        title={t("purchase.title")}
        description={t("purchase.description", {
          buyCoin: f.dollars(100 / COINS_PER_DOLLAR_BUY),
          buyRate: f.count(COINS_PER_DOLLAR_BUY),
          withdrawCoin: f.dollars(100 / COINS_PER_DOLLAR_WITHDRAW),
          withdrawRate: f.count(COINS_PER_DOLLAR_WITHDRAW),
          dollar: f.dollars(100, { dropZeroCents: true }),
        })}
        actions={
          <div className="flex items-center gap-2 rounded-full bg-white px-4 py-2 text-sm shadow-sm ring-1 ring-border">
            <span className="text-muted-foreground">{t("taskForm.balance")}</span>
            <span className="flex items-center gap-1 font-bold tabular-nums" data-testid="purchase-balance">
              <CoinIcon className="size-4" /> {f.count(balance)}
            </span>
          </div>
        }
      />
      {mode === "test" ? (
        <p className="mb-6 flex items-start gap-2 rounded-lg border border-sky-200 bg-sky-50 px-4 py-3 text-sm text-sky-950">
          <FlaskConical className="mt-0.5 size-4 shrink-0" aria-hidden />
          <span>
            {t.rich("purchase.testMode", {
              strong: (c) => <span className="font-semibold">{c}</span>,
              success: () => <span className="whitespace-nowrap font-mono">{TEST_CARDS.success}</span>,
              declined: () => <span className="whitespace-nowrap font-mono">{TEST_CARDS.declined}</span>,
            })}
          </span>
        </p>
      ) : null}
      {unavailable ? (
        <p
          className="mb-6 flex items-start gap-2 rounded-lg border border-amber-300 bg-amber-50 px-4 py-3 text-sm text-amber-950"
          data-testid="payments-off"
        >
          <CircleSlash className="mt-0.5 size-4 shrink-0" aria-hidden />
          <span>
            <span className="font-semibold">{unavailable}</span> {t("purchase.off")}
          </span>
        </p>
      ) : null}

      {!hydrated && requested && mode !== "off" ? <NoScriptCheckout pkg={requested} mode={mode} /> : null}

      <ul className="grid gap-4 sm:grid-cols-2 xl:grid-cols-4" aria-label={t("purchase.packages")}>
        {packages.map((p) => {
          const best = p.quote === "Best Value!";
          return (
            <li
              key={p.coins}
              className={cn(
                "relative flex flex-col gap-4 rounded-2xl border bg-white p-6 shadow-sm transition-shadow hover:shadow-md",
                best ? "border-brand-500 ring-2 ring-brand-500/20" : "border-border",
              )}
              data-testid={`package-${p.coins}`}
            >
              {best ? (
                <Badge tone="success" className="absolute right-4 top-4">
                  <Sparkles className="size-3" aria-hidden /> {t("purchase.bestValue")}
                </Badge>
              ) : null}
              <span className="grid size-12 place-items-center rounded-full bg-amber-50 ring-1 ring-amber-200">
                <CoinIcon className="size-7" />
              </span>
              <div>
                <h2 className="text-2xl font-bold tracking-tight">
                  {t("purchase.coins", { count: f.count(p.coins) })}
                </h2>
                <p className="mt-1 text-sm text-muted-foreground">{quoteIn(t, f.count, p.quote)}</p>
              </div>
              {p.saving > 0 && !p.quote.startsWith("Save") ? (
                <p className="text-sm font-medium text-emerald-800" data-testid={`saving-${p.coins}`}>
                  {t("purchase.saving", { percent: f.count(p.saving) })}
                </p>
              ) : null}
              <p className="mt-auto text-3xl font-extrabold tracking-tight">
                {f.dollars(p.priceCents, { dropZeroCents: true })}
                <span className="ml-1 text-sm font-medium text-muted-foreground">{t("purchase.usd")}</span>
              </p>
              {mode === "off" ? (
                <Button variant="secondary" className="w-full" disabled>
                  {t("purchase.now")}
                </Button>
              ) : (
                <Link
                  to={`?buy=${p.coins}`}
                  preventScrollReset
                  className={buttonVariants({ variant: best ? "default" : "secondary", className: "w-full" })}
                  aria-label={t("purchase.nowLabel", {
                    coins: f.coins(p.coins),
                    price: f.dollars(p.priceCents, { dropZeroCents: true }),
                  })}
                  onClick={(e) => {
                    e.preventDefault();
                    setSelected(p);
                  }}
                >
                  {t("purchase.now")}
                </Link>
              )}
            </li>
          );
        })}
      </ul>

      {mode !== "off" ? (
        <PurchaseModal
          pkg={selected}
          onClose={() => setSelected(null)}
          mode={mode}
          publishableKey={publishableKey}
          billing={billing}
        />
      ) : null}
    </>
  );
}

/** The checkout for visitors without JavaScript (?buy=<coins>): a plain form in test mode. */
function NoScriptCheckout({ pkg, mode }: { pkg: PackageView; mode: "stripe" | "test" }) {
  const actionData = useActionData<typeof action>();
  const navigation = useNavigation();
  const busy = navigation.state !== "idle";
  const error = actionData && !actionData.ok ? actionData.message : null;
  const t = useWords("buyer");
  const f = useFormat();
  const price = f.dollars(pkg.priceCents, { dropZeroCents: true });
  return (
    <section
      aria-labelledby="checkout-title"
      className="mb-8 grid max-w-lg gap-4 rounded-2xl border border-border bg-white p-6 shadow-sm"
    >
      <h2 id="checkout-title" className="text-lg font-semibold">
        {t("purchase.title")}
      </h2>
      <div className="grid gap-1">
        <p className="text-sm text-muted-foreground">{t("purchase.about")}</p>
        <p className="text-2xl font-bold">{t("purchase.coins", { count: f.count(pkg.coins) })}</p>
        <p className="font-semibold">{t("purchase.total", { price })}</p>
        <p className="text-xs text-muted-foreground">{t("purchase.instantly")}</p>
      </div>
      {mode === "test" ? (
        <Form method="post" className="grid gap-3">
          <input type="hidden" name="intent" value="pay" />
          <input type="hidden" name="coins" value={pkg.coins} />
          <p className="text-xs text-sky-900">
            {t("purchase.testShort", { success: TEST_CARDS.success, declined: TEST_CARDS.declined })}
          </p>
          <CardField
            name="number"
            label={t("purchase.cardNumber")}
            inputMode="numeric"
            autoComplete="cc-number"
            placeholder="1234 1234 1234 1234"
          />
          <div className="grid grid-cols-2 gap-3">
            <CardField
              name="exp"
              label={t("purchase.expiry")}
              autoComplete="cc-exp"
              placeholder={t("purchase.expiryShortPlaceholder")}
            />
            <CardField
              name="cvc"
              label={t("purchase.cvc")}
              inputMode="numeric"
              autoComplete="cc-csc"
              placeholder="123"
            />
          </div>
          {error ? (
            <p role="alert" className="text-sm font-medium text-destructive">
              <span className="font-semibold">{t("purchase.failed")}</span>: {error}
            </p>
          ) : null}
          <div className="flex flex-wrap gap-2">
            <Button type="submit" disabled={busy}>
              {busy ? <LoaderCircle className="animate-spin" aria-hidden /> : <Lock aria-hidden />}{" "}
              {t("purchase.pay", { price })}
            </Button>
            <Link to="/dashboard/purchasecoin" className={buttonVariants({ variant: "outline" })}>
              {t("close")}
            </Link>
          </div>
        </Form>
      ) : (
        <p className="text-sm text-muted-foreground">{t("purchase.needsJsStripe")}</p>
      )}
    </section>
  );
}

const QUOTES: Record<string, Key<"buyer">> = {
  "Best for small jobs": "purchase.quote.small",
  "Great for beginners": "purchase.quote.beginners",
  "Best Value!": "purchase.quote.best",
};

/** A package's quote in the page's words ("Save 20%", "Best Value!"); one of another wording stays as written. */
function quoteIn(t: Words<"buyer">, count: (n: number) => string, quote: string): string {
  const save = /^Save (\d+)%$/.exec(quote);
  if (save) return t("purchase.quote.save", { percent: count(Number(save[1])) });
  return quote in QUOTES ? t(QUOTES[quote]!) : quote;
}

/** A required field of the card form that works without JavaScript (test mode), labelled, its id `nojs-<name>`. */
function CardField({ name, label, ...input }: { name: string; label: string } & ComponentProps<typeof Input>) {
  return (
    <div className="grid gap-1.5">
      <Label htmlFor={`nojs-${name}`}>{label}</Label>
      <Input id={`nojs-${name}`} name={name} required {...input} />
    </div>
  );
}
