import { useEffect, useId, useState } from 'react';
import { ArrowDown, ArrowUp, X } from 'lucide-react';
import { routeStopSchema, routeStopsSchema, type RouteStop } from '@common/schemas/routes';
import { towns } from '@common/gazetteer';
import { Button } from '../../components/ui/button';
import { Skeleton } from '../../components/ui/card';
import { ConfirmDialog } from '../../components/ui/confirm-dialog';
import { FieldError, Input, Label } from '../../components/ui/input';
import { errorMessage } from '../../lib/error-message';
import { useRoutes } from '../../lib/routes';
import { toast } from '../../lib/toast';
import { useDeleteRoute, useSaveRoute } from './api';

const sameStops = (a: RouteStop[], b: RouteStop[]) => JSON.stringify(a) === JSON.stringify(b);
const townByName = (name: string) => towns.find((t) => t.name.toLowerCase() === name.trim().toLowerCase());

/**
 * A rally's route for the route-map embed: its stops in order (from Jersey, by the ferry port, to the
 * destination), added by town name from the built-in gazetteer or by latitude and longitude.
 */
export function RouteEditor({ year }: { year: number }) {
  const id = useId();
  const { data, isError } = useRoutes();
  const saved = data?.find((r) => r.year === year)?.stops;
  const [stops, setStops] = useState<RouteStop[] | null>(null);
  const [town, setTown] = useState('');
  const [townError, setTownError] = useState<string>();
  const [place, setPlace] = useState({ name: '', lat: '', lon: '' });
  const [placeError, setPlaceError] = useState<string>();
  const [saveError, setSaveError] = useState<string>();
  const [confirming, setConfirming] = useState(false);
  const save = useSaveRoute();
  const remove = useDeleteRoute();
  useEffect(() => {
    if (data) setStops(saved ?? []);
  }, [data, saved]);

  if (isError) return <p className="text-rally-600">The routes could not be loaded. Please reload the page.</p>;
  if (!stops)
    return (
      <div role="status" aria-label="Loading the route">
        <Skeleton className="h-32 w-full" />
      </div>
    );

  const changed = !sameStops(stops, saved ?? []);
  const add = (stop: RouteStop) => {
    setStops([...stops, stop]);
    setSaveError(undefined);
  };
  const addTown = () => {
    const found = townByName(town);
    if (!found)
      return setTownError(
        town.trim() ? `${town.trim()} is not in the list of towns: add it by latitude and longitude below` : 'Choose a town',
      );
    add({ name: found.name, coordinates: found.coordinates });
    setTown('');
    setTownError(undefined);
  };
  const addPlace = () => {
    const parsed = routeStopSchema.safeParse({
      name: place.name,
      coordinates: [place.lon.trim() === '' ? Number.NaN : Number(place.lon), place.lat.trim() === '' ? Number.NaN : Number(place.lat)],
    });
    if (!parsed.success) return setPlaceError(parsed.error.issues[0]?.message);
    add(parsed.data);
    setPlace({ name: '', lat: '', lon: '' });
    setPlaceError(undefined);
  };
  const move = (i: number, by: number) => {
    const next = [...stops];
    const [stop] = next.splice(i, 1);
    if (stop) next.splice(i + by, 0, stop);
    setStops(next);
  };
  const submit = () => {
    const parsed = routeStopsSchema.safeParse({ stops });
    if (!parsed.success) return setSaveError(parsed.error.issues[0]?.message);
    save.mutate(
      { year, stops: parsed.data.stops },
      {
        onSuccess: () => toast({ title: 'Route saved', description: `The ${year} route map shows ${stops.length} stops.` }),
        onError: (err) => setSaveError(errorMessage(err, 'Failed to save the route')),
      },
    );
  };

  return (
    <div className="space-y-4" aria-label={`${year} route`} role="group">
      {stops.length === 0 ? (
        <p className="text-sm text-slate-600">No route yet: the route map is not shown until at least two stops are saved.</p>
      ) : (
        <ol className="space-y-1" aria-label={`Stops of the ${year} route`}>
          {stops.map((stop, i) => (
            <li
              key={`${i}-${stop.name}`}
              className="flex items-center justify-between gap-2 rounded-md border border-slate-200 px-3 py-1.5 text-sm"
            >
              <span>
                <span className="font-semibold text-navy-900">
                  {i + 1}. {stop.name}
                </span>{' '}
                <span className="text-slate-500">
                  {stop.coordinates[1]}, {stop.coordinates[0]}
                </span>
              </span>
              <span className="flex gap-1">
                <Button
                  type="button"
                  size="sm"
                  variant="ghost"
                  disabled={i === 0}
                  onClick={() => move(i, -1)}
                  aria-label={`Move ${stop.name} up`}
                >
                  <ArrowUp className="h-4 w-4" aria-hidden />
                </Button>
                <Button
                  type="button"
                  size="sm"
                  variant="ghost"
                  disabled={i === stops.length - 1}
                  onClick={() => move(i, 1)}
                  aria-label={`Move ${stop.name} down`}
                >
                  <ArrowDown className="h-4 w-4" aria-hidden />
                </Button>
                <Button
                  type="button"
                  size="sm"
                  variant="ghost"
                  onClick={() => setStops(stops.filter((_, j) => j !== i))}
                  aria-label={`Remove ${stop.name}`}
                >
                  <X className="h-4 w-4" aria-hidden />
                </Button>
              </span>
            </li>
          ))}
        </ol>
      )}
      <div className="grid gap-4 md:grid-cols-2">
        <div>
          <Label htmlFor={`${id}-town`}>Add a town</Label>
          <div className="flex gap-2">
            <Input
              id={`${id}-town`}
              list={`${id}-towns`}
              value={town}
              placeholder="Start typing, e.g. Bordeaux"
              aria-invalid={townError ? true : undefined}
              onChange={(e) => setTown(e.target.value)}
              onKeyDown={(e) => {
                if (e.key === 'Enter') {
                  e.preventDefault();
                  addTown();
                }
              }}
            />
            <Button type="button" variant="outline" className="shrink-0" onClick={addTown}>
              Add town
            </Button>
          </div>
          <datalist id={`${id}-towns`}>
            {towns.map((t) => (
              <option key={t.name} value={t.name} label={t.country} />
            ))}
          </datalist>
          <FieldError message={townError} />
        </div>
        <fieldset>
          <legend className="text-sm font-medium text-slate-800">Or a place by latitude and longitude</legend>
          <div className="mt-1 grid grid-cols-3 gap-2">
            <Input
              aria-label="Place name"
              placeholder="Name"
              value={place.name}
              onChange={(e) => setPlace({ ...place, name: e.target.value })}
            />
            <Input
              aria-label="Latitude"
              placeholder="Latitude"
              inputMode="decimal"
              value={place.lat}
              onChange={(e) => setPlace({ ...place, lat: e.target.value })}
            />
            <Input
              aria-label="Longitude"
              placeholder="Longitude"
              inputMode="decimal"
              value={place.lon}
              onChange={(e) => setPlace({ ...place, lon: e.target.value })}
            />
          </div>
          <div className="mt-2 flex justify-end">
            <Button type="button" variant="outline" size="sm" onClick={addPlace}>
              Add place
            </Button>
          </div>
          <FieldError message={placeError} />
        </fieldset>
      </div>
      <FieldError message={saveError} />
      <div className="flex flex-wrap items-center justify-end gap-2">
        {changed && <span className="text-sm text-slate-600">Not saved yet</span>}
        {saved && (
          <Button type="button" variant="ghost" onClick={() => setConfirming(true)}>
            Remove route
          </Button>
        )}
        <Button type="button" disabled={save.isPending || !changed} onClick={submit}>
          {save.isPending ? 'Saving...' : 'Save route'}
        </Button>
      </div>
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title={`Remove the ${year} route?`}
        confirmLabel="Remove route"
        destructive
        pending={remove.isPending}
        onConfirm={() =>
          remove.mutate(year, {
            onSuccess: () => {
              setConfirming(false);
              toast({ title: 'Route removed', description: `The ${year} route map is no longer shown.` });
            },
            onError: (err) =>
              toast({ title: 'Error', description: errorMessage(err, 'Failed to remove the route'), variant: 'destructive' }),
          })
        }
      >
        <p>The route map leaves the {year} rally's page until a new route is saved.</p>
      </ConfirmDialog>
    </div>
  );
}
