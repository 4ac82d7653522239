import { Link } from "react-router";
import { buttonVariants } from "./ui/button";

/** The not-found and unauthorized screens: an illustration and 'Back To Home'. */
export function StatusScreen({ code, title, image }: { code: string; title: string; image?: string }) {
  return (
    <main className="mx-auto flex min-h-[60vh] max-w-xl flex-col items-center justify-center gap-6 px-6 py-16 text-center">
      {image ? (
        <img src={image} alt="" width={320} height={240} className="h-auto w-64 sm:w-80" />
      ) : (
        <p className="text-7xl font-extrabold tracking-tight text-brand-700">{code}</p>
      )}
      <h1 className="text-2xl font-bold">{title}</h1>
      <Link to="/" className={buttonVariants({ size: "lg" })}>
        Back To Home
      </Link>
    </main>
  );
}
