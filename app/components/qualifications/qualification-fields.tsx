// A qualification's definition as the buyer types it (the new-qualification form and its page's details form).
import type { FieldMetadata } from "@conform-to/react";
import { InputField, TextareaField, WholeNumberField } from "~/components/form-kit";
import { useWords } from "~/lib/i18n/react";

export function QualificationFields({
  name,
  description,
  retake,
}: {
  name: FieldMetadata<string>;
  description: FieldMetadata<string>;
  retake: FieldMetadata<number>;
}) {
  const t = useWords("buyer");
  return (
    <>
      <InputField
        field={name}
        label={t("quals.name")}
        type="text"
        maxLength={80}
        placeholder={t("quals.namePlaceholder")}
      />
      <TextareaField
        field={description}
        label={t("quals.descriptionField")}
        rows={3}
        maxLength={500}
        placeholder={t("quals.descriptionPlaceholder")}
      />
      <WholeNumberField field={retake} label={t("quals.retake")} hint={t("quals.retakeHint")} min={0} max={8760} />
    </>
  );
}
