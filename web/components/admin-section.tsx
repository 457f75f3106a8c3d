import type { ReactNode } from 'react';

interface AdminSectionProps {
  /** The section's name, for the region's label. */
  label: string;
  /** The fields that narrow its list, on one row above it. */
  filters?: ReactNode;
  children: ReactNode;
}

/** A section of the admin screen (styled in pages/admin-page.css): a named region, its filters first when it has any. */
export function AdminSection({ label, filters, children }: AdminSectionProps) {
  return (
    <section className="admin__section" aria-label={label}>
      {filters !== undefined && <div className="admin__filters">{filters}</div>}
      {children}
    </section>
  );
}
