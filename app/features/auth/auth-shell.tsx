import { Link } from "react-router";
import { business } from "~/content/business";

function CatMark({ className }: { className?: string }) {
  return (
    <svg aria-hidden="true" viewBox="0 0 32 32" className={className} fill="currentColor">
      <path d="M6 4l5 6h10l5-6v13c0 6.1-4.5 11-10 11S6 23.1 6 17V4zm6.5 13a1.5 1.5 0 100-3 1.5 1.5 0 000 3zm7 0a1.5 1.5 0 100-3 1.5 1.5 0 000 3zM16 21.5l-1.5-1.5h3L16 21.5z" />
    </svg>
  );
}

/** The frame of the sign-in pages: the business name linking home, and one centred card. */
export function AuthShell({ children, wide = false }: { children: React.ReactNode; wide?: boolean }) {
  return (
    <div className="flex min-h-dvh flex-col bg-cream">
      <header className="border-b border-brand-100 bg-white/80 backdrop-blur">
        <div className="mx-auto flex h-16 max-w-5xl items-center px-4 sm:px-6">
          <Link to="/" className="flex items-center gap-2 font-display text-lg font-bold text-brand-900 hover:text-brand-700">
            <CatMark className="h-7 w-7 text-brand-700" />
            {business.name}
          </Link>
        </div>
      </header>
      <main className="flex flex-1 items-start justify-center px-4 py-10 sm:items-center sm:py-16">
        <div className={wide ? "w-full max-w-3xl" : "w-full max-w-md"}>{children}</div>
      </main>
    </div>
  );
}

export function AuthCard({ children, className = "" }: { children: React.ReactNode; className?: string }) {
  return <div className={`rounded-[var(--radius-card)] bg-white p-6 shadow-[var(--shadow-card)] sm:p-8 ${className}`}>{children}</div>;
}
