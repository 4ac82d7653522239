import { useFetcher } from "react-router";
import { useEffect, useEffectEvent, useId, useRef, useState } from "react";
import type * as React from "react";
import { toast } from "sonner";
import { CreditCard, FlaskConical, LoaderCircle, Lock } from "~/components/icons/more";
import type { Stripe, StripeCardElement } from "@stripe/stripe-js";
import { Modal } from "~/components/ui/dialog";
import { Button } from "~/components/ui/button";
import { Input, Label } from "~/components/ui/input";
import { CoinIcon } from "~/components/icons";
import { cn } from "~/lib/cn";
import { useFormat, useWords } from "~/lib/i18n/react";
import type { Key } from "~/lib/i18n/messages";

export interface PackageView {
  coins: number;
  priceCents: number;
  quote: string;
}

/** What the purchase page's action answers to the browser's two steps. */
export type PurchaseStep =
  | { ok: true; step: "created"; clientSecret: string; paymentId: string; coins: number; priceCents: number }
  | { ok: true; step: "confirmed"; coins: number; credited: boolean; settled: number }
  | { ok: false; step: "created" | "confirmed" | "pay"; message: string };

/** The words of a credited purchase; `settled` coins of the balance went to what the buyer owed. */
export function purchasedWords(
  t: (key: Key<"buyer">, values?: Record<string, string | number>) => string,
  coins: number,
  settled: number,
): string {
  return settled > 0 ? t("purchase.boughtSettled", { count: coins, settled }) : t("purchase.bought", { count: coins });
}

export const TEST_CARDS = { success: "4242 4242 4242 4242", declined: "4000 0000 0000 0002" } as const;

type Phase = "idle" | "creating" | "card" | "confirming";

const formatCardNumber = (s: string) =>
  s
    .replace(/\D/g, "")
    .slice(0, 19)
    .replace(/(\d{4})(?=\d)/g, "$1 ");

function formatExpiry(s: string, previous: string) {
  const digits = s.replace(/\D/g, "").slice(0, 4);
  if (digits.length <= 2) return digits.length === 2 && s.length > previous.length ? `${digits} / ` : digits;
  return `${digits.slice(0, 2)} / ${digits.slice(2)}`;
}

/** One labelled card field: digits only, monospaced, with an optional icon inside it. */
function CardInput({
  id,
  label,
  icon,
  className,
  ...props
}: { id: string; label: string; icon?: React.ReactNode } & React.ComponentProps<typeof Input>) {
  const input = <Input id={id} inputMode="numeric" className={cn("font-mono", className)} {...props} />;
  return (
    <div className="grid gap-1.5">
      <Label htmlFor={id}>{label}</Label>
      {icon ? (
        <div className="relative">
          {icon}
          {input}
        </div>
      ) : (
        input
      )}
    </div>
  );
}

/** The card fields of the embedded test-mode provider (no real card is charged). */
function TestCardFields({
  card,
  onChange,
  disabled,
  errorId,
}: {
  card: { number: string; exp: string; cvc: string };
  onChange: (c: { number: string; exp: string; cvc: string }) => void;
  disabled: boolean;
  errorId: string;
}) {
  const id = useId();
  const t = useWords("buyer");
  return (
    <div className="grid gap-3">
      <div
        className="rounded-lg border border-sky-200 bg-sky-50 px-3 py-2.5 text-xs text-sky-950"
        data-testid="test-mode-note"
      >
        <p className="flex items-center gap-1.5 font-semibold">
          <FlaskConical className="size-3.5" aria-hidden /> {t("purchase.testNoCharge")}
        </p>
        <p className="mt-1">
          {t.rich("purchase.testUse", {
            success: () => (
              <button
                key="success"
                type="button"
                className="whitespace-nowrap font-mono font-semibold underline decoration-dotted underline-offset-2"
                onClick={() => onChange({ ...card, number: TEST_CARDS.success })}
                disabled={disabled}
              >
                {TEST_CARDS.success}
              </button>
            ),
            declined: () => (
              <button
                key="declined"
                type="button"
                className="whitespace-nowrap font-mono font-semibold underline decoration-dotted underline-offset-2"
                onClick={() => onChange({ ...card, number: TEST_CARDS.declined })}
                disabled={disabled}
              >
                {TEST_CARDS.declined}
              </button>
            ),
          })}
        </p>
      </div>
      <CardInput
        id={`${id}-number`}
        label={t("purchase.cardNumber")}
        icon={
          <CreditCard
            className="pointer-events-none absolute left-3 top-1/2 size-4 -translate-y-1/2 text-muted-foreground"
            aria-hidden
          />
        }
        name="number"
        autoComplete="cc-number"
        placeholder="1234 1234 1234 1234"
        className="pl-9"
        value={card.number}
        maxLength={23}
        disabled={disabled}
        aria-describedby={errorId}
        onChange={(e) => onChange({ ...card, number: formatCardNumber(e.currentTarget.value) })}
      />
      <div className="grid grid-cols-2 gap-3">
        <CardInput
          id={`${id}-exp`}
          label={t("purchase.expiry")}
          name="exp"
          autoComplete="cc-exp"
          placeholder={t("purchase.expiryPlaceholder")}
          value={card.exp}
          maxLength={7}
          disabled={disabled}
          aria-describedby={errorId}
          onChange={(e) => onChange({ ...card, exp: formatExpiry(e.currentTarget.value, card.exp) })}
        />
        <CardInput
          id={`${id}-cvc`}
          label={t("purchase.cvc")}
          name="cvc"
          autoComplete="cc-csc"
          placeholder="123"
          value={card.cvc}
          maxLength={4}
          disabled={disabled}
          aria-describedby={errorId}
          onChange={(e) => onChange({ ...card, cvc: e.currentTarget.value.replace(/\D/g, "").slice(0, 4) })}
        />
      </div>
    </div>
  );
}

/** Stripe's CardElement, with Stripe.js loaded only when this mounts (Stripe mode only). */
function StripeCardField({
  publishableKey,
  disabled,
  onReady,
  onError,
}: {
  publishableKey: string;
  disabled: boolean;
  onReady: (handle: { stripe: Stripe; card: StripeCardElement } | null) => void;
  onError: (message: string | null) => void;
}) {
  const mountRef = useRef<HTMLDivElement>(null);
  const [status, setStatus] = useState<"loading" | "ready" | "failed">("loading");
  const ready = useEffectEvent(onReady);
  const changed = useEffectEvent(onError);
  const cardRef = useRef<StripeCardElement | null>(null);
  const t = useWords("buyer");
  useEffect(() => {
    let cancelled = false;
    (async () => {
      try {
        if (import.meta.env.SSR) return; // effects run in the browser only: Stripe.js stays out of the server build
        const { loadStripe } = await import("@stripe/stripe-js");
        const stripe = await loadStripe(publishableKey);
        if (cancelled || !stripe || !mountRef.current) {
          if (!stripe && !cancelled) setStatus("failed");
          return;
        }
        const card = stripe.elements().create("card", {
          hidePostalCode: true,
          style: {
            base: { fontSize: "16px", color: "#1e293b", "::placeholder": { color: "#64748b" } },
            invalid: { color: "#b91c1c" },
          },
        });
        cardRef.current = card;
        card.on("ready", () => {
          if (cancelled) return;
          setStatus("ready");
          ready({ stripe, card });
        });
        card.on("change", (e) => changed(e.error?.message ?? null));
        card.mount(mountRef.current);
      } catch {
        if (!cancelled) setStatus("failed");
      }
    })();
    return () => {
      cancelled = true;
      cardRef.current?.destroy();
      cardRef.current = null;
      ready(null);
    };
  }, [publishableKey]);
  useEffect(() => {
    cardRef.current?.update({ disabled });
  }, [disabled]);
  return (
    <div className="grid gap-1.5">
      <span className="text-sm font-medium">{t("purchase.cardDetails")}</span>
      <div className="relative min-h-10 rounded-lg border border-border bg-white px-3 py-2.5 shadow-xs focus-within:outline-2 focus-within:outline-brand-600">
        <div ref={mountRef} data-testid="stripe-card" />
        {status === "loading" ? (
          <p className="absolute inset-0 flex items-center gap-2 px-3 text-sm text-muted-foreground" role="status">
            <LoaderCircle className="size-4 animate-spin" aria-hidden /> {t("purchase.loadingCard")}
          </p>
        ) : null}
      </div>
      {status === "failed" ? (
        <p className="text-sm font-medium text-destructive" role="alert">
          {t("purchase.cardFailed")}
        </p>
      ) : null}
      <p className="flex items-center gap-1.5 text-xs text-muted-foreground">
        <Lock className="size-3" aria-hidden /> {t("purchase.straightToStripe")}
      </p>
    </div>
  );
}

/**
 * 'Purchase Now' opens this: the package, the total, the card form (Stripe Elements with keys, the embedded
 * test-mode provider without), Pay and Close. Steps: the page action creates the payment intent (the browser
 * names only the package), the card is confirmed with the provider, then the page action asks the server to
 * credit the payment; the fetcher's revalidation then shows the new balance everywhere.
 */
export function PurchaseModal({
  pkg,
  onClose,
  mode,
  publishableKey,
  billing,
}: {
  pkg: PackageView | null;
  onClose: () => void;
  mode: "stripe" | "test";
  publishableKey: string | null;
  billing: { name: string; email: string };
}) {
  const t = useWords("buyer");
  const f = useFormat();
  const createFetcher = useFetcher<PurchaseStep>({ key: "purchase-create" });
  const confirmFetcher = useFetcher<PurchaseStep>({ key: "purchase-confirm" });
  const [phase, setPhase] = useState<Phase>("idle");
  const [error, setError] = useState<string | null>(null);
  const [card, setCard] = useState({ number: "", exp: "", cvc: "" });
  const [stripeHandle, setStripeHandle] = useState<{ stripe: Stripe; card: StripeCardElement } | null>(null);
  const errorId = useId();
  const busy = phase !== "idle";
  // Answers of an earlier purchase are still in the fetchers; only a newer answer moves the flow on.
  const staleCreate = useRef<unknown>(undefined);
  const staleConfirm = useRef<unknown>(undefined);
  // The package stays shown while the dialog closes; a new package starts with a clean form.
  const [shown, setShown] = useState(pkg);
  if (pkg && pkg !== shown) {
    setShown(pkg);
    setPhase("idle");
    setError(null);
    setCard({ number: "", exp: "", cvc: "" });
  }

  const fail = (message: string) => {
    setError(message);
    setPhase("idle");
  };

  /** Confirms the card with the provider, then (step 3) asks the server to re-read the payment and credit it once. */
  const confirmCard = async (clientSecret: string, paymentId: string) => {
    if (mode === "stripe") {
      if (!stripeHandle) return fail(t("purchase.notReady"));
      const result = await stripeHandle.stripe.confirmCardPayment(clientSecret, {
        payment_method: { card: stripeHandle.card, billing_details: { name: billing.name, email: billing.email } },
      });
      if (result.error) return fail(result.error.message ?? t("purchase.notCharged"));
      if (result.paymentIntent?.status !== "succeeded") return fail(t("purchase.incomplete"));
    } else {
      try {
        const res = await fetch("/test-payments/confirm", {
          method: "POST",
          headers: { "Content-Type": "application/json", Accept: "application/json" },
          body: JSON.stringify({
            clientSecret,
            number: card.number,
            exp: card.exp.replace(/\s+/g, ""),
            cvc: card.cvc,
          }),
        });
        const body = (await res.json().catch(() => null)) as { status?: string; error?: { message?: string } } | null;
        if (!res.ok || body?.status !== "succeeded") return fail(body?.error?.message ?? t("purchase.notCharged"));
      } catch {
        return fail(t("purchase.unreachable"));
      }
    }
    setPhase("confirming");
    staleConfirm.current = confirmFetcher.data;
    confirmFetcher.submit({ intent: "confirm", paymentId }, { method: "post" });
  };

  // Step 2: the intent exists; confirm the card with the provider.
  const created = useEffectEvent((r: PurchaseStep) => {
    if (!r.ok || r.step !== "created") {
      toast.error(t("purchase.failed"), { description: r.ok ? undefined : r.message });
      return fail(r.ok ? t("purchase.wrong") : r.message);
    }
    setPhase("card");
    void confirmCard(r.clientSecret, r.paymentId);
  });
  useEffect(() => {
    const r = createFetcher.data;
    if (phase === "creating" && createFetcher.state === "idle" && r && r !== staleCreate.current) created(r);
  }, [phase, createFetcher.state, createFetcher.data]);

  // Step 4: credited (the loaders revalidate with the new balance) or refused.
  const credited = useEffectEvent((r: PurchaseStep) => {
    if (r.ok && r.step === "confirmed") {
      toast.success(t("purchase.success"), { description: purchasedWords(t, r.coins, r.settled) });
      setPhase("idle");
      onClose();
    } else {
      const message = r.ok ? t("purchase.wrong") : r.message;
      toast.error(t("purchase.failed"), { description: message });
      fail(message);
    }
  });
  useEffect(() => {
    const r = confirmFetcher.data;
    if (phase === "confirming" && confirmFetcher.state === "idle" && r && r !== staleConfirm.current) credited(r);
  }, [phase, confirmFetcher.state, confirmFetcher.data]);

  const pay = () => {
    if (!shown || busy) return;
    setError(null);
    if (mode === "test") {
      const digits = card.number.replace(/\D/g, "");
      if (digits.length < 13) return fail(t("purchase.numberIncomplete"));
      if (!/^\d{2}\s*\/\s*\d{2}$/.test(card.exp)) return fail(t("purchase.expiryIncomplete"));
      if (card.cvc.length < 3) return fail(t("purchase.cvcIncomplete"));
    } else if (!stripeHandle) {
      return fail(t("purchase.notReady"));
    }
    setPhase("creating");
    staleCreate.current = createFetcher.data;
    createFetcher.submit({ intent: "create", coins: String(shown.coins) }, { method: "post" });
  };

  const label =
    phase === "creating"
      ? t("purchase.preparing")
      : phase === "card"
        ? t("purchase.processing")
        : phase === "confirming"
          ? t("purchase.adding")
          : null;

  return (
    <Modal
      open={pkg !== null}
      onOpenChange={(open) => {
        if (!open && !busy) onClose();
      }}
      title={t("purchase.title")}
      className="max-w-md"
    >
      {shown ? (
        <form
          className="grid gap-5"
          aria-busy={busy}
          onSubmit={(e) => {
            e.preventDefault();
            pay();
          }}
        >
          <div className="grid gap-3 rounded-xl bg-gradient-to-br from-amber-50 to-white p-4 ring-1 ring-amber-200">
            <p className="text-sm text-muted-foreground">{t("purchase.about")}</p>
            <p className="flex items-center gap-2 text-2xl font-bold" data-testid="modal-coins">
              <CoinIcon className="size-7" /> {t("purchase.coins", { count: f.count(shown.coins) })}
            </p>
            <p className="text-base font-semibold" data-testid="modal-total">
              {t("purchase.total", { price: f.dollars(shown.priceCents, { dropZeroCents: true }) })}
            </p>
            <p className="text-xs text-muted-foreground">{t("purchase.instantly")}</p>
          </div>

          {mode === "stripe" && publishableKey ? (
            <StripeCardField
              publishableKey={publishableKey}
              disabled={busy}
              onReady={setStripeHandle}
              onError={setError}
            />
          ) : mode === "stripe" ? (
            <p role="alert" className="rounded-lg border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-900">
              {t("purchase.noKey")}
            </p>
          ) : (
            <TestCardFields card={card} onChange={setCard} disabled={busy} errorId={errorId} />
          )}
          <p
            id={errorId}
            role="alert"
            className={cn("-mt-2 text-sm font-medium text-destructive", !error && "sr-only")}
            data-testid="card-error"
          >
            {error ?? ""}
          </p>

          <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <Button type="button" variant="outline" onClick={onClose} disabled={busy}>
              {t("close")}
            </Button>
            <Button type="submit" disabled={busy || (mode === "stripe" && !stripeHandle)} className="sm:min-w-40">
              {busy ? <LoaderCircle className="animate-spin" aria-hidden /> : <Lock aria-hidden />}
              {label ?? t("purchase.pay", { price: f.dollars(shown.priceCents, { dropZeroCents: true }) })}
            </Button>
          </div>
        </form>
      ) : null}
    </Modal>
  );
}
