import type { Route } from "./+types/api-docs";
import { Logo } from "~/components/logo";
import { apiReference, type EndpointView, type FieldView } from "~/server/http/openapi.server";
import { endpoints as catalogue } from "~/routes/api/catalogue.server";

export const meta: Route.MetaFunction = () => [
  { title: "REST API reference · Coinwork" },
  {
    name: "description",
    content: "Every endpoint of the Coinwork REST API: methods, who may call them, parameters and example answers.",
  },
];

/** The page is rendered on the server from the same catalogue as /openapi.json; it needs no script of its own. */
export function loader() {
  return { endpoints: apiReference(catalogue) };
}

const METHOD_STYLE: Record<string, string> = {
  GET: "bg-sky-100 text-sky-900",
  POST: "bg-emerald-100 text-emerald-900",
  PUT: "bg-amber-100 text-amber-900",
  PATCH: "bg-violet-100 text-violet-900",
  DELETE: "bg-rose-100 text-rose-900",
};

function Method({ method }: { method: string }) {
  return (
    <span
      className={`inline-block min-w-16 rounded px-2 py-0.5 text-center font-mono text-xs font-bold ${METHOD_STYLE[method] ?? "bg-muted"}`}
    >
      {method}
    </span>
  );
}

function Fields({ caption, fields }: { caption: string; fields: FieldView[] }) {
  if (!fields.length) return null;
  return (
    <div className="mt-4 overflow-x-auto" tabIndex={0}>
      <table className="w-full min-w-[28rem] text-left text-sm">
        <caption className="mb-1 text-left text-xs font-semibold uppercase tracking-wide text-muted-foreground">
          {caption}
        </caption>
        <thead>
          <tr className="border-b">
            <th scope="col" className="py-1 pr-4 font-medium">
              Name
            </th>
            <th scope="col" className="py-1 pr-4 font-medium">
              Required
            </th>
            <th scope="col" className="py-1 font-medium">
              Accepts
            </th>
          </tr>
        </thead>
        <tbody>
          {fields.map((f) => (
            <tr key={f.name} className="border-b last:border-0 align-top">
              <td className="py-1 pr-4 font-mono text-xs">{f.name}</td>
              <td className="py-1 pr-4">{f.required ? "yes" : "no"}</td>
              <td className="py-1 text-muted-foreground">{f.rule}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function Endpoint({ e }: { e: EndpointView }) {
  return (
    <section
      id={e.id}
      aria-labelledby={`${e.id}-title`}
      className="scroll-mt-4 rounded-xl border bg-white p-5 shadow-sm"
    >
      <h3 id={`${e.id}-title`} className="flex flex-wrap items-center gap-3">
        <Method method={e.method} />
        <code className="font-mono text-base font-semibold">{e.path}</code>
      </h3>
      <p className="mt-2 font-medium">{e.summary}</p>
      {e.description ? <p className="mt-1 text-sm text-muted-foreground">{e.description}</p> : null}
      <p className="mt-3 text-sm">
        <span className="font-semibold">Who may call it: </span>
        <span className="rounded bg-muted px-1.5 py-0.5">{e.access}</span>
        {e.accessNote ? <span className="text-muted-foreground"> {e.accessNote}</span> : null}
      </p>
      <Fields caption="Query parameters" fields={e.query} />
      {e.body.map((b, i) => (
        <Fields key={i} caption={b.title ? `JSON body (${b.title})` : "JSON body"} fields={b.fields} />
      ))}
      <Fields caption="Multipart form" fields={e.multipart} />
      {e.fileBody ? (
        <p className="mt-4 text-sm">
          <span className="font-semibold">Body: </span>
          <code className="rounded bg-muted px-1.5 py-0.5 font-mono text-xs">{e.fileBody.contentType}</code>{" "}
          <span className="text-muted-foreground">{e.fileBody.description}</span>
        </p>
      ) : null}
      {e.responses.map((r, i) => (
        <details key={i} className="mt-4 rounded-lg border bg-muted/40" open={i === 0}>
          <summary className="cursor-pointer px-3 py-2 text-sm">
            <span className="font-mono font-semibold text-brand-800">{r.status}</span> {r.description}
          </summary>
          {r.example ? (
            <pre tabIndex={0} className="overflow-x-auto border-t px-3 py-2 font-mono text-xs leading-relaxed">
              {r.example}
            </pre>
          ) : null}
        </details>
      ))}
      <p className="mt-3 text-xs text-muted-foreground">Errors: {e.errors.map((x) => x.status).join(", ")}</p>
    </section>
  );
}

export default function ApiDocs({ loaderData }: Route.ComponentProps) {
  const { endpoints } = loaderData;
  const groups = [...new Set(endpoints.map((e) => e.tag))].map((tag) => ({
    tag,
    endpoints: endpoints.filter((e) => e.tag === tag),
  }));
  return (
    <div className="min-h-dvh bg-background">
      <header className="border-b bg-white">
        <div className="mx-auto flex max-w-6xl flex-wrap items-center justify-between gap-4 px-4 py-4 sm:px-6">
          <Logo />
          <div className="flex flex-wrap gap-4">
            <a href="/docs/mturk" className="text-sm font-medium text-brand-700 underline underline-offset-4">
              MTurk Requester API
            </a>
            <a href="/openapi.json" className="text-sm font-medium text-brand-700 underline underline-offset-4">
              openapi.json
            </a>
          </div>
        </div>
      </header>
      <div className="mx-auto grid max-w-6xl grid-cols-[minmax(0,1fr)] gap-8 px-4 py-10 sm:px-6 lg:grid-cols-[14rem_minmax(0,1fr)]">
        <nav
          aria-label="Endpoints"
          className="lg:sticky lg:top-4 lg:max-h-[calc(100dvh-2rem)] lg:self-start lg:overflow-y-auto"
        >
          {groups.map((g) => (
            <div key={g.tag} className="mb-4">
              <p className="text-xs font-semibold uppercase tracking-wide text-muted-foreground">{g.tag}</p>
              <ul className="mt-1 space-y-0.5 text-sm">
                {g.endpoints.map((e) => (
                  <li key={e.id}>
                    <a href={`#${e.id}`} className="flex gap-2 rounded px-1 py-0.5 hover:bg-muted">
                      <span className="w-12 shrink-0 font-mono text-xs font-bold text-muted-foreground">
                        {e.method}
                      </span>
                      <span className="font-mono text-xs">{e.path}</span>
                    </a>
                  </li>
                ))}
              </ul>
            </div>
          ))}
        </nav>
        <main className="min-w-0">
          <h1 className="text-3xl font-bold tracking-tight">REST API reference</h1>
          <div className="mt-4 space-y-2 text-sm text-muted-foreground">
            <p>
              The calls of the Coinwork client, at the same paths and with the same field names (<code>_id</code>,{" "}
              <code>task_title</code>, <code>Buyer_email</code>, …). Sign in with <code>POST /auth/login</code> and send
              the token as <code>Authorization: Bearer &lt;token&gt;</code>; the site's session cookie works too. JSON
              bodies need <code>Content-Type: application/json</code>.
            </p>
            <p>
              Lists are JSON arrays; <code>page</code> and <code>limit</code> (at most 100, the default) page them and
              the <code>X-Total-Count</code> header tells the total. Errors are{" "}
              <code>{'{ "error": { "code", "message", "fields"? } }'}</code>. Coins, prices, owners and statuses are
              always the server's: values a client sends for them are ignored or refused.
            </p>
            <p>
              The machine-readable description is{" "}
              <a href="/openapi.json" className="text-brand-700 underline">
                /openapi.json
              </a>{" "}
              (OpenAPI 3.1).
            </p>
          </div>
          {groups.map((g) => (
            <div key={g.tag} className="mt-10">
              <h2 className="text-xl font-bold">{g.tag}</h2>
              <div className="mt-4 space-y-6">
                {g.endpoints.map((e) => (
                  <Endpoint key={e.id} e={e} />
                ))}
              </div>
            </div>
          ))}
        </main>
      </div>
    </div>
  );
}
