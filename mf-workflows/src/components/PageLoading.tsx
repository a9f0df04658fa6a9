// The line a page shows while it loads: a status, so screen readers say it.
export function PageLoading({ label }: { label: string }) {
  return (
    <p className="page-loading" role="status">
      {label}
    </p>
  );
}
