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
  const t = useWords("common");
  return (
    <>
      <InputField
        field={name}
        label={t("qualificationFields.name")}
        type="text"
        maxLength={80}
        placeholder={t("qualificationFields.namePlaceholder")}
      />
      <TextareaField
        field={description}
        label={t("qualificationFields.description")}
        rows={3}
        maxLength={500}
        placeholder={t("qualificationFields.descriptionPlaceholder")}
      />
      <WholeNumberField
        field={retake}
        label={t("qualificationFields.retake")}
        hint={t("qualificationFields.retakeHint")}
        min={0}
        max={8760}
      />
    </>
  );
}
