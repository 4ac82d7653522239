// The language switch's form (POST /language): one of the languages Coinwork is written in.
import * as v from "valibot";
import { LANGUAGES } from "../i18n/languages";

export const languageChoiceSchema = v.object({ language: v.picklist(LANGUAGES) });
