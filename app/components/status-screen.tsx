import { Link } from "react-router";
import { buttonVariants } from "./ui/button";
import { useWords } from "~/lib/i18n/react";

/** The not-found and unauthorized screens: an illustration and 'Back To Home'. */
export function StatusScreen({
  code,
  title,
  image,
  backHome,
}: {
  code: string;
  title: string;
  image?: string;
  /** the link's words, when the page's words may be missing (the root's error screen) */
  backHome?: string;
}) {
  const t = useWords("common");
  return (
    <main className="mx-auto flex min-h-[60vh] max-w-xl flex-col items-center justify-center gap-6 px-6 py-16 text-center">
      {image ? (
        <img src={image} alt="" width={320} height={240} className="h-auto w-64 sm:w-80" />
      ) : (
        <p className="text-7xl font-extrabold tracking-tight text-brand-700">{code}</p>
      )}
      <h1 className="text-2xl font-bold">{title}</h1>
      <Link to="/" className={buttonVariants({ size: "lg" })}>
        {backHome ?? t("status.backHome")}
      </Link>
    </main>
  );
}
