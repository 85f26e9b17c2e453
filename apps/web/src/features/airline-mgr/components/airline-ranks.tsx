import { useEffect, useId, useState, type DragEvent, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { ZRankRequest } from '@contrail/domain/airline/airline-contract';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { TextField } from '../../../components/ui/text-field';
import { cn } from '../../../components/ui/cn';
import { errorMessage } from '../../../lib/handle-error';
import type { TAirline } from '../api/airline-mgr';
import { useDeleteRank, useMoveRank, useRanks, useSaveRank, type TRank } from '../api/airline-ranks';
import { canInAirline } from '../lib/airline-access';
import { parseAircraftList, rankSwaps } from '../lib/rank-order';

type Direction = 'up' | 'down';
type RankField = 'name' | 'fcBonus' | 'planeWhiteList' | 'planeBlackList';
const RANK_FIELDS: readonly RankField[] = ['name', 'fcBonus', 'planeWhiteList', 'planeBlackList'];

/**
 * The airline's ranks in their order (first is the lowest), each with its salary bonus and the
 * aircraft it may or may not fly. Whoever may manage ranks creates, edits, deletes them and
 * reorders them by drag and drop or with Move up / Move down (each step a switch call).
 */
export const AirlineRanks = ({ airline }: { airline: TAirline }) => {
  const { t } = useTranslation('airlineMgr');
  const baseId = useId();
  const ranks = useRanks(airline.id);
  const move = useMoveRank(airline.id);
  const remove = useDeleteRank(airline.id);
  const canManage = canInAirline(airline, 'airline.rank.manage');
  const [editingId, setEditingId] = useState<string | null>(null);
  const [confirmingId, setConfirmingId] = useState<string | null>(null);
  const [draggingId, setDraggingId] = useState<string | null>(null);
  const [dropTargetId, setDropTargetId] = useState<string | null>(null);
  const [announcement, setAnnouncement] = useState('');
  const [focusAfterMove, setFocusAfterMove] = useState<{ rankId: string; direction: Direction } | null>(null);
  const items = ranks.data?.items ?? [];
  const order = items.map((rank) => rank.id);
  const buttonId = (rankId: string, action: Direction | 'edit') => `${baseId}-${rankId}-${action}`;

  // A moved button is disabled while the swaps run, which drops the keyboard focus: give it back
  // to the same button once the new order is shown, or to its twin when the rank reached an end.
  useEffect(() => {
    if (focusAfterMove === null || move.isPending) return;
    const { rankId, direction } = focusAfterMove;
    const same = document.getElementById(`${baseId}-${rankId}-${direction}`);
    const twin = document.getElementById(`${baseId}-${rankId}-${direction === 'up' ? 'down' : 'up'}`);
    const target = same instanceof HTMLButtonElement && !same.disabled ? same : twin;
    target?.focus();
    setFocusAfterMove(null);
  }, [baseId, focusAfterMove, move.isPending, ranks.data]);

  const moveRank = (from: number, to: number, direction?: Direction) => {
    const rank = items[from];
    const swaps = rankSwaps(order, from, to);
    if (rank === undefined || swaps.length === 0) return;
    setAnnouncement('');
    move.mutate(swaps, {
      onSuccess: () => setAnnouncement(t('ranks.moved', { name: rank.name, position: to + 1, total: items.length })),
      onSettled: () => (direction ? setFocusAfterMove({ rankId: rank.id, direction }) : undefined),
    });
  };

  const dropOn = (event: DragEvent<HTMLLIElement>, index: number) => {
    event.preventDefault();
    const from = draggingId === null ? -1 : order.indexOf(draggingId);
    setDraggingId(null);
    setDropTargetId(null);
    if (from >= 0) moveRank(from, index);
  };

  const isBusy = move.isPending || remove.isPending;
  return (
    <section aria-labelledby={`${baseId}-title`} className="flex flex-col gap-2">
      <h2 id={`${baseId}-title`} className="text-lg font-semibold text-slate-50">
        {t('ranks.title')}
      </h2>
      {ranks.isPending ? <p role="status">{t('common:loading')}</p> : null}
      {ranks.isError ? <Alert tone="error">{errorMessage(ranks.error)}</Alert> : null}
      {ranks.data && items.length === 0 ? <p className="text-sm text-slate-200">{t('ranks.empty')}</p> : null}
      {canManage && items.length > 1 ? (
        <p id={`${baseId}-how`} className="text-sm text-slate-300">
          {t('ranks.reorderHint')}
        </p>
      ) : null}
      <p role="status" className="sr-only">
        {announcement}
      </p>
      {items.length > 0 ? (
        <ol className="flex flex-col gap-2" aria-label={t('ranks.list')} aria-describedby={canManage && items.length > 1 ? `${baseId}-how` : undefined}>
          {items.map((rank, index) => (
            <li
              key={rank.id}
              draggable={canManage && editingId === null && !isBusy}
              onDragStart={(event) => {
                setDraggingId(rank.id);
                event.dataTransfer.effectAllowed = 'move';
                event.dataTransfer.setData('text/plain', rank.id);
              }}
              onDragOver={(event) => {
                if (draggingId === null) return;
                event.preventDefault();
                setDropTargetId(rank.id);
              }}
              onDragLeave={() => setDropTargetId((current) => (current === rank.id ? null : current))}
              onDrop={(event) => dropOn(event, index)}
              onDragEnd={() => {
                setDraggingId(null);
                setDropTargetId(null);
              }}
              className={cn(
                'flex flex-col gap-2 rounded-md border p-3 text-sm',
                dropTargetId === rank.id && draggingId !== rank.id ? 'border-sky-300' : 'border-slate-600',
                draggingId === rank.id ? 'opacity-60' : undefined,
                canManage && editingId === null ? 'cursor-grab' : undefined,
              )}
            >
              {editingId === rank.id ? (
                <RankForm
                  airlineId={airline.id}
                  rank={rank}
                  onDone={() => {
                    setEditingId(null);
                    // Back to the button that opened the form.
                    setTimeout(() => document.getElementById(buttonId(rank.id, 'edit'))?.focus(), 0);
                  }}
                />
              ) : (
                <div className="flex flex-wrap items-start justify-between gap-2">
                  <RankSummary rank={rank} position={index + 1} />
                  {canManage ? (
                    <div className="flex flex-wrap gap-2">
                      <Button
                        id={buttonId(rank.id, 'up')}
                        variant="secondary"
                        disabled={isBusy || index === 0}
                        aria-label={t('ranks.moveUpNamed', { name: rank.name })}
                        onClick={() => moveRank(index, index - 1, 'up')}
                      >
                        {t('ranks.moveUp')}
                      </Button>
                      <Button
                        id={buttonId(rank.id, 'down')}
                        variant="secondary"
                        disabled={isBusy || index === items.length - 1}
                        aria-label={t('ranks.moveDownNamed', { name: rank.name })}
                        onClick={() => moveRank(index, index + 1, 'down')}
                      >
                        {t('ranks.moveDown')}
                      </Button>
                      <Button id={buttonId(rank.id, 'edit')} variant="secondary" aria-label={t('ranks.editNamed', { name: rank.name })} onClick={() => setEditingId(rank.id)}>
                        {t('ranks.edit')}
                      </Button>
                      {rank.default ? null : (
                        <Button variant="danger" disabled={isBusy} aria-label={t('ranks.deleteNamed', { name: rank.name })} onClick={() => setConfirmingId(rank.id)}>
                          {t('ranks.delete')}
                        </Button>
                      )}
                    </div>
                  ) : null}
                </div>
              )}
              {confirmingId === rank.id ? (
                <div role="alertdialog" aria-labelledby={`${baseId}-${rank.id}-confirm`} className="flex flex-col gap-2 rounded-md border border-red-400 p-3">
                  <p id={`${baseId}-${rank.id}-confirm`} className="text-slate-100">
                    {t('ranks.confirmDelete', { name: rank.name })}
                  </p>
                  <div className="flex gap-2">
                    <Button variant="danger" disabled={remove.isPending} onClick={() => remove.mutate(rank.id, { onSettled: () => setConfirmingId(null) })}>
                      {t('ranks.confirmOk')}
                    </Button>
                    <Button variant="secondary" autoFocus onClick={() => setConfirmingId(null)}>
                      {t('cancel')}
                    </Button>
                  </div>
                </div>
              ) : null}
            </li>
          ))}
        </ol>
      ) : null}
      {canManage && ranks.data ? (
        <div className="mt-2 rounded-md border border-slate-700 p-3">
          <RankForm airlineId={airline.id} />
        </div>
      ) : null}
    </section>
  );
};

const RankSummary = ({ rank, position }: { rank: TRank; position: number }) => {
  const { t } = useTranslation('airlineMgr');
  return (
    <div className="flex flex-col gap-1">
      <p className="font-semibold text-slate-50">
        {t('ranks.item', { position, name: rank.name })}
        {rank.default ? ` · ${t('ranks.default')}` : ''}
      </p>
      <p>{t('ranks.bonus', { percent: rank.fcBonus })}</p>
      <p>{rank.planeWhiteList.length > 0 ? t('ranks.allowedList', { list: rank.planeWhiteList.join(', ') }) : t('ranks.allowedAll')}</p>
      {rank.planeBlackList.length > 0 ? <p>{t('ranks.forbiddenList', { list: rank.planeBlackList.join(', ') })}</p> : null}
    </div>
  );
};

/** A new rank, or the edit of `rank`: checked against the contract's ZRankRequest before it is sent. */
const RankForm = ({ airlineId, rank, onDone }: { airlineId: string; rank?: TRank; onDone?: () => void }) => {
  const { t } = useTranslation('airlineMgr');
  const titleId = useId();
  const save = useSaveRank(airlineId);
  const [errors, setErrors] = useState<Partial<Record<RankField, string>>>({});
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const formElement = event.currentTarget;
    const form = new FormData(formElement);
    const text = (field: RankField) => {
      const value = form.get(field);
      return typeof value === 'string' ? value : '';
    };
    const parsed = ZRankRequest.safeParse({
      name: text('name'),
      fcBonus: text('fcBonus') === '' ? 0 : Number(text('fcBonus')),
      planeWhiteList: parseAircraftList(text('planeWhiteList')),
      planeBlackList: parseAircraftList(text('planeBlackList')),
    });
    if (!parsed.success) {
      const next: Partial<Record<RankField, string>> = {};
      for (const issue of parsed.error.issues) {
        const field = RANK_FIELDS.find((candidate) => candidate === issue.path[0]);
        if (field) next[field] = t(`ranks.invalid.${field}`);
      }
      setErrors(next);
      return;
    }
    setErrors({});
    save.mutate(
      { ...(rank ? { rankId: rank.id } : {}), body: parsed.data },
      {
        onSuccess: () => {
          if (!rank) formElement.reset();
          onDone?.();
        },
      },
    );
  };
  return (
    <form onSubmit={submit} noValidate aria-labelledby={titleId} className="flex flex-col gap-3">
      <h3 id={titleId} className="font-semibold text-slate-50">
        {rank ? t('ranks.editTitle', { name: rank.name }) : t('ranks.newTitle')}
      </h3>
      {save.isSuccess && !rank ? <Alert tone="success">{t('ranks.created')}</Alert> : null}
      <TextField name="name" label={t('ranks.name')} required maxLength={50} defaultValue={rank?.name} error={errors.name} autoFocus={rank !== undefined} />
      <TextField name="fcBonus" type="number" label={t('ranks.fcBonus')} hint={t('ranks.fcBonusHint')} min={0} max={1000} step={1} defaultValue={rank?.fcBonus ?? 0} error={errors.fcBonus} className="w-48" />
      <TextField name="planeWhiteList" label={t('ranks.allowed')} hint={t('ranks.allowedHint')} defaultValue={rank?.planeWhiteList.join(', ')} error={errors.planeWhiteList} />
      <TextField name="planeBlackList" label={t('ranks.forbidden')} hint={t('ranks.forbiddenHint')} defaultValue={rank?.planeBlackList.join(', ')} error={errors.planeBlackList} />
      <div className="flex gap-2">
        <Button type="submit" disabled={save.isPending}>
          {rank ? t('ranks.save') : t('ranks.create')}
        </Button>
        {rank ? (
          <Button variant="secondary" onClick={onDone}>
            {t('cancel')}
          </Button>
        ) : null}
      </div>
    </form>
  );
};
