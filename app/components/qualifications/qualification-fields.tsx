// A qualification's definition as the buyer types it (the new-qualification form and its page's details form).
import type { FieldMetadata } from "@conform-to/react";
import { InputField, TextareaField, WholeNumberField } from "~/components/form-kit";

export function QualificationFields({
  name,
  description,
  retake,
}: {
  name: FieldMetadata<string>;
  description: FieldMetadata<string>;
  retake: FieldMetadata<number>;
}) {
  return (
    <>
      <InputField field={name} label="Name" type="text" maxLength={80} placeholder="e.g. English proofreading" />
      <TextareaField
        field={description}
        label="Description"
        rows={3}
        maxLength={500}
        placeholder="What holding it shows about a worker"
      />
      <WholeNumberField
        field={retake}
        label="Retake wait (hours)"
        hint="How long a worker waits before taking the test again."
        min={0}
        max={8760}
      />
    </>
  );
}
