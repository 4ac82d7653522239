import { Outlet } from "react-router";
import { Navbar } from "~/components/navbar";
import { Footer } from "~/components/footer";
import { useRootData } from "~/root";
import { useWords } from "~/lib/i18n/react";

export default function PublicLayout() {
  const root = useRootData();
  const t = useWords("public");
  return (
    <div className="flex min-h-dvh flex-col">
      <a href="#main" className="sr-only focus:not-sr-only focus:absolute focus:left-4 focus:top-4 focus:z-50 focus:rounded-md focus:bg-white focus:px-4 focus:py-2">
        {t("layout.skip")}
      </a>
      <Navbar user={root?.user ?? null} developerRepoUrl={root?.developerRepoUrl ?? "#"} />
      <div id="main" className="flex-1">
        <Outlet />
      </div>
      <Footer />
    </div>
  );
}
