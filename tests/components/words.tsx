// The words of a page for a component rendered alone, as the root route provides them to every page
// (app/root.tsx): compiled on the server side of the frame, here in the test.
import type { ReactNode } from "react";
import type { Language } from "~/lib/i18n/languages";
import { WordsProvider } from "~/lib/i18n/react";
import { compiledNamespaces } from "~/lib/i18n/words.server";

export function Words({ children, language = "en" }: { children: ReactNode; language?: Language }) {
  return (
    <WordsProvider language={language} words={compiledNamespaces(language, ["common", "public", "auth"])}>
      {children}
    </WordsProvider>
  );
}
