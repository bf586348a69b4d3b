import { Link } from 'react-router';

const LINKS = [
  { to: '/find-doctors', label: 'Find Doctors' },
  { to: '/join-doctors', label: 'Join as a Doctor' },
  { to: '/outbreak', label: 'Outbreak Monitor' },
  { to: '/privacy-policy', label: 'Privacy Policy' },
  { to: '/about', label: 'About' },
];

export function Footer() {
  return (
    <footer className="mt-16 border-t border-line bg-white">
      {/* Room at the bottom for the assistant button, so it never sits on the last line. */}
      <div className="mx-auto flex max-w-7xl flex-col gap-4 px-4 pt-8 pb-24 text-sm text-muted sm:px-6 md:flex-row md:items-start md:justify-between">
        <div className="max-w-md space-y-2">
          <p className="font-semibold text-ink">Medora</p>
          <p role="note">
            Medora is for non-emergency consultations only. In an emergency, call your local emergency number (such as
            911 or 112) or go to the nearest emergency department.
          </p>
        </div>
        <nav aria-label="Footer" className="flex flex-wrap gap-x-5 gap-y-2">
          {LINKS.map((l) => (
            <Link key={l.to} to={l.to} className="hover:text-ink">
              {l.label}
            </Link>
          ))}
        </nav>
      </div>
      <p className="pb-6 text-center text-xs text-muted">© {new Date().getFullYear()} Medora</p>
    </footer>
  );
}
