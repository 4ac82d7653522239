// What a page says when the thing its address names does not exist (or is not the visitor's to see): a heading,
// a sentence and the ways on. A route's ErrorBoundary renders it for a 404 and lets every other error go up.
import type { ReactNode } from "react";
import { isRouteErrorResponse, useRouteError } from "react-router";

export function NotFoundPanel({
  title,
  message,
  children,
  landmark = false,
}: {
  title: string;
  message: string;
  /** links onward */
  children?: ReactNode;
  /** a public page has no dashboard shell around it: the panel is its `<main>` */
  landmark?: boolean;
}) {
  const Root = landmark ? "main" : "section";
  return (
    <Root className="mx-auto grid max-w-lg justify-items-center gap-4 px-4 py-16 text-center">
      <h1 className="text-2xl font-bold tracking-tight">{title}</h1>
      <p className="text-muted-foreground">{message}</p>
      {children ? <div className="flex flex-wrap justify-center gap-3">{children}</div> : null}
    </Root>
  );
}

/** A route's ErrorBoundary body: `panel` for a 404 answer; any other error goes on to the next boundary. */
export function useNotFoundBoundary(panel: ReactNode): ReactNode {
  const error = useRouteError();
  if (isRouteErrorResponse(error) && error.status === 404) return panel;
  throw error;
}
