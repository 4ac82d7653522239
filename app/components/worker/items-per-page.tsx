import { useEffect, useRef } from "react";
import { Form, useNavigation, useSubmit } from "react-router";
import { Button } from "~/components/ui/button";
import { Label, NativeSelect } from "~/components/ui/input";
import { Spinner } from "~/components/ui/spinner";
import { ITEMS_PER_PAGE_OPTIONS } from "~/lib/coins";
import { useHydrated } from "~/components/use-hydrated";
import { useWords } from "~/lib/i18n/react";

/**
 * The per-user page size (stored on the server). Without JavaScript the Apply button posts the form; with it
 * the choice applies as soon as it changes and the button is left out.
 */
export function ItemsPerPage({ value, action }: { value: number; action: string }) {
  const hydrated = useHydrated();
  const t = useWords("worker");
  const submit = useSubmit();
  const navigation = useNavigation();
  const selectRef = useRef<HTMLSelectElement>(null);
  useEffect(() => {
    if (selectRef.current) selectRef.current.value = String(value);
  }, [value]);
  const busy =
    navigation.state !== "idle" &&
    navigation.formAction === action &&
    navigation.formData?.get("intent") === "per-page";
  return (
    <Form method="post" action={action} className="flex items-center gap-2">
      <input type="hidden" name="intent" value="per-page" />
      <Label htmlFor="items-per-page" className="whitespace-nowrap text-muted-foreground">
        {t("itemsPerPage.label")}
      </Label>
      <NativeSelect
        id="items-per-page"
        name="itemsPerPage"
        defaultValue={String(value)}
        ref={selectRef}
        className="w-20 sm:h-9"
        onChange={(e) => submit(e.currentTarget.form, { preventScrollReset: true })}
      >
        {ITEMS_PER_PAGE_OPTIONS.map((n) => (
          <option key={n} value={n}>
            {n}
          </option>
        ))}
      </NativeSelect>
      {busy ? <Spinner className="text-muted-foreground" /> : null}
      {hydrated ? null : (
        <Button type="submit" variant="outline" size="sm">
          {t("itemsPerPage.apply")}
        </Button>
      )}
    </Form>
  );
}
