import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import { WebhookEventType, type WebhookFormat } from '@contrail/domain/webhook/webhook-contract';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { CheckboxField } from '../../../components/ui/checkbox-field';
import { TextField } from '../../../components/ui/text-field';
import { errorMessage } from '../../../lib/handle-error';
import { formatUtcDateTime } from '../../../lib/utc-date-time';
import type { TAirline } from '../api/airline-mgr';
import {
  useAddWebhook,
  useDeleteWebhook,
  useTestWebhook,
  useWebhookDeliveries,
  useWebhooks,
  type TWebhookDelivery,
  type TWebhookEndpoint,
} from '../api/airline-webhooks';

const selectClasses = 'rounded-md border border-slate-500 bg-slate-800 px-3 py-2 text-sm text-slate-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-sky-300';

const AddWebhookForm = ({ airlineId }: { airlineId: string }) => {
  const { t } = useTranslation('airlineWebhooks');
  const add = useAddWebhook(airlineId);
  const [url, setUrl] = useState('');
  const [format, setFormat] = useState<WebhookFormat>('discord');
  const [description, setDescription] = useState('');
  const [events, setEvents] = useState<WebhookEventType[]>([...WebhookEventType]);
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    add.mutate(
      { url: url.trim(), format, events, description },
      {
        onSuccess: () => {
          setUrl('');
          setDescription('');
        },
      },
    );
  };
  const toggle = (type: WebhookEventType, on: boolean) => setEvents((current) => (on ? [...current, type] : current.filter((value) => value !== type)));
  return (
    <div className="flex flex-col gap-3">
      <form onSubmit={submit} aria-labelledby="webhook-add" className="flex flex-col gap-3 rounded-md border border-slate-700 p-3">
        <h3 id="webhook-add" className="text-base font-semibold text-slate-50">
          {t('add.title')}
        </h3>
        <label className="flex flex-col gap-1 text-sm font-medium text-slate-100">
          {t('add.format')}
          <select className={selectClasses} value={format} onChange={(event) => setFormat(event.target.value as WebhookFormat)}>
            <option value="discord">{t('format.discord')}</option>
            <option value="generic">{t('format.generic')}</option>
          </select>
        </label>
        <TextField
          label={t('add.url')}
          type="url"
          required
          value={url}
          onChange={(event) => setUrl(event.target.value)}
          hint={format === 'discord' ? t('add.discordHint') : t('add.genericHint')}
          placeholder={format === 'discord' ? 'https://discord.com/api/webhooks/…' : 'https://'}
        />
        <TextField label={t('add.description')} value={description} maxLength={100} onChange={(event) => setDescription(event.target.value)} />
        <fieldset className="flex flex-col gap-1">
          <legend className="text-sm font-medium text-slate-100">{t('add.events')}</legend>
          {WebhookEventType.map((type) => (
            <CheckboxField key={type} label={t(`event.${type}`)} checked={events.includes(type)} onChange={(event) => toggle(type, event.target.checked)} />
          ))}
        </fieldset>
        <Button type="submit" disabled={add.isPending || url.trim() === '' || events.length === 0} className="self-start">
          {add.isPending ? t('add.adding') : t('add.submit')}
        </Button>
      </form>
      <div aria-live="polite">
        {add.isError ? <Alert tone="error">{errorMessage(add.error)}</Alert> : null}
        {add.data ? (
          <Alert tone="success">
            <p>{t('add.secretIntro')}</p>
            <p>
              <code className="break-all font-mono text-sm">{add.data.secret}</code>
            </p>
            <p>{t('add.secretOnce')}</p>
          </Alert>
        ) : null}
      </div>
    </div>
  );
};

const outcomeOf = (delivery: TWebhookDelivery, t: TFunction<'airlineWebhooks'>): string => {
  const last = delivery.attempts.at(-1);
  if (delivery.status === 'delivered') return t('delivery.delivered', { code: delivery.lastStatusCode ?? '' });
  const why = last?.error ?? '';
  if (delivery.status === 'failed') return t('delivery.failed', { count: delivery.attemptCount, why });
  if (delivery.attemptCount === 0) return t('delivery.queued');
  return t('delivery.retrying', { count: delivery.attemptCount, why, at: formatUtcDateTime(delivery.nextAttemptAt) });
};

const EndpointItem = ({ airlineId, endpoint }: { airlineId: string; endpoint: TWebhookEndpoint }) => {
  const { t } = useTranslation('airlineWebhooks');
  const test = useTestWebhook(airlineId);
  const remove = useDeleteWebhook(airlineId);
  const name = endpoint.description || endpoint.displayUrl;
  return (
    <li className="flex flex-col gap-2 rounded-md border border-slate-700 p-3 text-sm">
      <p className="font-medium text-slate-50">{name}</p>
      <p className="break-all text-slate-300">
        {t(`format.${endpoint.format}`)} · {endpoint.displayUrl}
      </p>
      <p className="text-slate-300">{endpoint.events.map((type) => t(`event.${type}`)).join(', ')}</p>
      <div className="flex flex-wrap gap-2">
        <Button variant="secondary" disabled={test.isPending} onClick={() => test.mutate(endpoint.id)} aria-label={t('endpoint.testNamed', { name })}>
          {test.isPending ? t('endpoint.testing') : t('endpoint.test')}
        </Button>
        <Button
          variant="danger"
          disabled={remove.isPending}
          aria-label={t('endpoint.deleteNamed', { name })}
          onClick={() => {
            if (window.confirm(t('endpoint.confirmDelete', { name }))) remove.mutate(endpoint.id);
          }}
        >
          {t('endpoint.delete')}
        </Button>
      </div>
      <div aria-live="polite">
        {test.data ? <p className="text-slate-200">{t('endpoint.testResult', { outcome: outcomeOf(test.data, t) })}</p> : null}
        {test.isError ? <Alert tone="error">{errorMessage(test.error)}</Alert> : null}
        {remove.isError ? <Alert tone="error">{errorMessage(remove.error)}</Alert> : null}
      </div>
    </li>
  );
};

const Deliveries = ({ airlineId, endpoints }: { airlineId: string; endpoints: TWebhookEndpoint[] }) => {
  const { t } = useTranslation('airlineWebhooks');
  const deliveries = useWebhookDeliveries(airlineId);
  const nameOf = (endpointId: string) => {
    const endpoint = endpoints.find((candidate) => candidate.id === endpointId);
    return endpoint ? endpoint.description || endpoint.displayUrl : '';
  };
  return (
    <section aria-labelledby="webhook-deliveries" className="flex flex-col gap-2">
      <h3 id="webhook-deliveries" className="text-base font-semibold text-slate-50">
        {t('delivery.title')}
      </h3>
      {deliveries.isPending ? <p className="text-sm text-slate-300">{t('loading')}</p> : null}
      {deliveries.isError ? <Alert tone="error">{errorMessage(deliveries.error)}</Alert> : null}
      {deliveries.data?.length === 0 ? <p className="text-sm text-slate-300">{t('delivery.none')}</p> : null}
      {deliveries.data && deliveries.data.length > 0 ? (
        <table className="w-full text-left text-sm text-slate-200">
          <caption className="sr-only">{t('delivery.title')}</caption>
          <thead>
            <tr>
              <th scope="col">{t('delivery.when')}</th>
              <th scope="col">{t('delivery.event')}</th>
              <th scope="col">{t('delivery.endpoint')}</th>
              <th scope="col">{t('delivery.outcome')}</th>
            </tr>
          </thead>
          <tbody>
            {deliveries.data.map((delivery) => (
              <tr key={delivery.id} className="border-t border-slate-700 align-top">
                <td className="py-1 pr-2">{formatUtcDateTime(delivery.createdAt)}</td>
                <td className="py-1 pr-2">{t(`event.${delivery.eventType}`, { defaultValue: delivery.eventType })}</td>
                <td className="break-all py-1 pr-2">{nameOf(delivery.endpointId)}</td>
                <td className="py-1">{outcomeOf(delivery, t)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : null}
    </section>
  );
};

const WebhooksPanel = ({ airline }: { airline: TAirline }) => {
  const { t } = useTranslation('airlineWebhooks');
  const endpoints = useWebhooks(airline.id);
  return (
    <section aria-labelledby="airline-webhooks" className="flex flex-col gap-3">
      <h2 id="airline-webhooks" className="text-lg font-semibold text-slate-50">
        {t('title')}
      </h2>
      <p className="text-sm text-slate-200">{t('hint')}</p>
      {endpoints.isPending ? <p className="text-sm text-slate-300">{t('loading')}</p> : null}
      {endpoints.isError ? <Alert tone="error">{errorMessage(endpoints.error)}</Alert> : null}
      {endpoints.data?.length === 0 ? <p className="text-sm text-slate-300">{t('none')}</p> : null}
      {endpoints.data && endpoints.data.length > 0 ? (
        <ul aria-label={t('listLabel')} className="flex flex-col gap-2">
          {endpoints.data.map((endpoint) => (
            <EndpointItem key={endpoint.id} airlineId={airline.id} endpoint={endpoint} />
          ))}
        </ul>
      ) : null}
      <AddWebhookForm airlineId={airline.id} />
      <Deliveries airlineId={airline.id} endpoints={endpoints.data ?? []} />
    </section>
  );
};

/**
 * The owner's webhooks (docs/decisions/0045-airline-webhooks.md): the airline's events sent to a
 * Discord channel or any service, each endpoint tested or deleted here, and the recent deliveries
 * with their outcome.
 */
export const AirlineWebhooks = ({ airline }: { airline: TAirline }) => (airline.isOwner ? <WebhooksPanel airline={airline} /> : null);
