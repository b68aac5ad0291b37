import { useEffect, useState } from 'react';
import { Link, useParams } from 'wouter';
import { CheckCircle2, Loader2, MailX, XCircle } from 'lucide-react';
import { useRallySettings } from '../lib/rally-settings';
import type { UnsubscribeState } from '@common/schemas/bulk-email';
import { Button, buttonClass } from '../components/ui/button';
import { Card } from '../components/ui/card';
import { useDocumentTitle } from '../lib/use-document-title';

/** The link's owner and where their address stands, as the server answers. */
type Person = UnsubscribeState;
type State =
  | { step: 'processing' }
  | { step: 'confirm'; person: Person }
  | { step: 'already'; person: Person }
  | { step: 'done'; person: Person }
  | { step: 'failed'; message: string }
  | { step: 'example' };

/** Calls the unsubscribe endpoint; a non-OK answer gives its message, a network error the generic one. */
async function call(
  method: 'GET' | 'POST',
  token: string,
  action = '',
): Promise<{ ok: true; body: UnsubscribeState } | { ok: false; message: string }> {
  try {
    const res = await fetch(`/api/unsubscribe/${encodeURIComponent(token)}${action}`, { method, credentials: 'include' });
    const body = await res.json().catch(() => null);
    if (!res.ok) return { ok: false, message: typeof body?.message === 'string' ? body.message : 'Failed to unsubscribe' };
    return { ok: true, body };
  } catch {
    return { ok: false, message: 'An error occurred. Please try again.' };
  }
}

function Shell({ icon, title, children }: { icon: React.ReactNode; title: string; children: React.ReactNode }) {
  return (
    <section className="mx-auto flex min-h-[70vh] max-w-lg items-center px-4 py-12">
      <Card className="w-full p-6 text-center sm:p-8">
        <div className="flex justify-center">{icon}</div>
        <h1 className="mt-4 text-2xl font-bold text-navy-900">{title}</h1>
        <div className="mt-3 space-y-3 text-slate-700">{children}</div>
        <Link href="/" className={buttonClass('outline', 'md', 'mt-6')}>
          Return to Homepage
        </Link>
      </Card>
    </section>
  );
}

/**
 * Opening the link only reads (mail scanners open links too); the button takes the person off the
 * list, and only then does the page say it is done. Someone already off the list (a mail client's
 * one-click unsubscribe, an earlier visit) is told so, not that this visit unsubscribed them.
 */
export default function UnsubscribePage() {
  const rallySettings = useRallySettings();
  const { token } = useParams<{ token: string }>();
  const [state, setState] = useState<State>(token ? { step: 'processing' } : { step: 'example' });
  const [pending, setPending] = useState(false);
  useDocumentTitle('Unsubscribe');

  useEffect(() => {
    if (!token) return;
    let live = true;
    void call('GET', token).then((r) => {
      if (!live) return;
      if (!r.ok) setState({ step: 'failed', message: r.message });
      else setState({ step: r.body.unsubscribed ? 'already' : 'confirm', person: r.body });
    });
    return () => {
      live = false;
    };
  }, [token]);

  const unsubscribe = async (person: Person) => {
    setPending(true);
    const r = await call('POST', token!);
    setPending(false);
    setState(
      r.ok ? { step: 'done', person: { ...person, canResubscribe: r.body.canResubscribe } } : { step: 'failed', message: r.message },
    );
  };

  const resubscribe = async () => {
    setPending(true);
    const r = await call('POST', token!, '/resubscribe');
    setPending(false);
    setState(r.ok ? { step: 'confirm', person: r.body } : { step: 'failed', message: r.message });
  };

  if (state.step === 'processing') {
    return (
      <Shell icon={<Loader2 className="h-12 w-12 animate-spin text-navy-600" aria-hidden />} title="Processing">
        <p role="status">Checking your unsubscribe link...</p>
      </Shell>
    );
  }
  if (state.step === 'example') {
    // The link without a token is the example in a test e-mail sent to an organiser who is not a contact.
    return (
      <Shell icon={<MailX className="h-12 w-12 text-navy-600" aria-hidden />} title="Example unsubscribe link">
        <p>
          This is the unsubscribe link of a test e-mail. It unsubscribes nobody: in a real send, each recipient&apos;s link takes them off
          the {rallySettings.productName} mailing list.
        </p>
      </Shell>
    );
  }
  if (state.step === 'failed') {
    return (
      <Shell icon={<XCircle className="h-12 w-12 text-rally-500" aria-hidden />} title="Unsubscribe Failed">
        <p role="alert">{state.message}</p>
      </Shell>
    );
  }
  const name = `${state.person.firstName} ${state.person.lastName}`.trim();
  if (state.step === 'confirm') {
    return (
      <Shell icon={<MailX className="h-12 w-12 text-navy-600" aria-hidden />} title="Unsubscribe from rally emails">
        <p>
          {name ? (
            <>
              <strong>{name}</strong>, you
            </>
          ) : (
            'You'
          )}{' '}
          will no longer receive e-mails from the {rallySettings.productName} mailing list.
        </p>
        <Button variant="secondary" className="w-full sm:w-auto" disabled={pending} onClick={() => void unsubscribe(state.person)}>
          {pending ? 'Unsubscribing...' : 'Unsubscribe'}
        </Button>
      </Shell>
    );
  }
  if (state.step === 'already') {
    return (
      <Shell icon={<CheckCircle2 className="h-12 w-12 text-emerald-600" aria-hidden />} title="Already Unsubscribed">
        {name && <p className="text-lg font-semibold text-navy-900">{name}</p>}
        <p>This address is not on the {rallySettings.productName} mailing list: there is nothing more to do.</p>
        {state.person.canResubscribe && (
          <Button variant="outline" disabled={pending} onClick={() => void resubscribe()}>
            {pending ? 'Re-subscribing...' : 'Re-subscribe (undo)'}
          </Button>
        )}
        <p className="text-sm">
          Changed your mind? E-mail us at{' '}
          <a className="font-medium text-navy-700 underline" href={`mailto:${rallySettings.supportEmail}`}>
            {rallySettings.supportEmail}
          </a>
          .
        </p>
      </Shell>
    );
  }
  return (
    <Shell icon={<CheckCircle2 className="h-12 w-12 text-emerald-600" aria-hidden />} title="Successfully Unsubscribed">
      {name && <p className="text-lg font-semibold text-navy-900">{name}</p>}
      <p>You have been removed from the {rallySettings.productName} mailing list.</p>
      <p className="text-sm">
        If you are on a team registered for this year&apos;s rally, you will still receive the messages about the rally itself (ferry times,
        the route), which go to every registered team.
      </p>
      {state.person.canResubscribe && (
        <Button variant="outline" disabled={pending} onClick={() => void resubscribe()}>
          {pending ? 'Re-subscribing...' : 'Re-subscribe (undo)'}
        </Button>
      )}
      <p className="text-sm">
        Changed your mind? E-mail us at{' '}
        <a className="font-medium text-navy-700 underline" href={`mailto:${rallySettings.supportEmail}`}>
          {rallySettings.supportEmail}
        </a>
        .
      </p>
    </Shell>
  );
}
