/**
 * A date from a route segment as 'YYYY-MM-DD': accepts 'YYYY-MM-DD', an ISO instant (its calendar
 * date in America/Guayaquil) and 'dd-MM-yyyy'. Null when it is not a real date.
 */
export function fechaRuta(v: string | null | undefined): string | null {
  if (!v) return null;
  let iso: string | null = null;
  const dmy = /^(\d{2})-(\d{2})-(\d{4})$/.exec(v);
  if (dmy) iso = `${dmy[3]}-${dmy[2]}-${dmy[1]}`;
  else if (/^\d{4}-\d{2}-\d{2}$/.test(v)) iso = v;
  else {
    const d = new Date(v);
    if (!Number.isNaN(d.getTime())) iso = new Date(d.getTime() - 5 * 3600_000).toISOString().slice(0, 10);
  }
  if (!iso) return null;
  const d = new Date(`${iso}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === iso ? iso : null;
}
