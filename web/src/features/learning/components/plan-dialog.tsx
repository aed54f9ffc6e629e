import { useState, type FormEvent } from 'react';
import { createPlanSchema, LEARNING, type StudyPlan } from '@shared/learning';
import { toastError } from '@web/components/toast/toast-error';
import { toast } from '@web/components/toast/toast-store';
import { Dialog, DialogClose } from '@web/components/ui/dialog';
import { SelectField, TextAreaField, TextField } from '@web/components/ui/text-field';
import { useCategories } from '@web/lib/api/get-categories';
import { useCreateStudyPlan } from '../api/create-study-plan';
import { useUpdateStudyPlan } from '../api/update-study-plan';

interface PlanValues {
  title: string;
  description: string;
  targetCategory: string;
  dailyGoal: string;
  weeklyGoal: string;
  targetExamDate: string;
  startDate: string;
  endDate: string;
}

const valuesOf = (plan: StudyPlan | null, today: string): PlanValues => ({
  title: plan?.title ?? '',
  description: plan?.description ?? '',
  targetCategory: plan?.targetCategory ?? '',
  dailyGoal: String(plan?.dailyGoal ?? LEARNING.defaultDailyGoal),
  weeklyGoal: String(plan?.weeklyGoal ?? LEARNING.defaultWeeklyGoal),
  targetExamDate: plan?.targetExamDate ?? '',
  startDate: plan?.startDate ?? today,
  endDate: plan?.endDate ?? '',
});

/** What the form's text becomes for the schema: empty dates are none, goals are numbers. */
const planInput = (values: PlanValues) => ({
  title: values.title,
  description: values.description,
  targetCategory: values.targetCategory || null,
  dailyGoal: values.dailyGoal.trim() === '' ? Number.NaN : Number(values.dailyGoal),
  weeklyGoal: values.weeklyGoal.trim() === '' ? Number.NaN : Number(values.weeklyGoal),
  targetExamDate: values.targetExamDate || null,
  startDate: values.startDate,
  endDate: values.endDate || null,
});

/**
 * The study plan editor: a new plan (active at once) or an existing one's fields, checked with the
 * server's own schema before sending; the server's message (a past exam date, 20 plans) shows too.
 */
export function PlanDialog(props: {
  userId: string;
  plan: StudyPlan | null;
  today: string;
  onClose: () => void;
}) {
  const categories = useCategories();
  const create = useCreateStudyPlan(props.userId);
  const update = useUpdateStudyPlan(props.userId);
  const [values, setValues] = useState(() => valuesOf(props.plan, props.today));
  const [errors, setErrors] = useState<Partial<Record<keyof PlanValues, string>>>({});
  const pending = create.isPending || update.isPending;
  // The plan's category stays an option when it is no longer (or not yet, while loading) among the
  // active ones: the select would otherwise show 「すべてのカテゴリ」 for it, and saving the form
  // after touching it would clear it.
  const kept = props.plan?.targetCategory ?? null;
  const retired = kept && !(categories.data ?? []).some((category) => category.name === kept) ? kept : null;
  const field = (name: keyof PlanValues) => ({
    name,
    value: values[name],
    error: errors[name],
    onChange: (event: { target: { value: string } }) =>
      setValues((current) => ({ ...current, [name]: event.target.value })),
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = createPlanSchema.safeParse(planInput(values));
    if (!parsed.success) {
      const found: Partial<Record<keyof PlanValues, string>> = {};
      for (const issue of parsed.error.issues) {
        const name = issue.path[0] as keyof PlanValues | undefined;
        if (name && !found[name]) found[name] = issue.message;
      }
      setErrors(found);
      return;
    }
    setErrors({});
    const done = (message: string) => ({
      onSuccess: () => {
        toast({ title: message, variant: 'success' as const });
        props.onClose();
      },
      onError: (failure: Error) => toastError(failure, '学習プランを保存できませんでした。'),
    });
    const plan = { ...parsed.data, startDate: parsed.data.startDate ?? props.today };
    if (!props.plan) {
      create.mutate(plan, done('学習プランを作成しました'));
      return;
    }
    // Only what changed: an exam day already past may stay as it is while the title changes.
    const original = props.plan;
    const changes = Object.fromEntries(
      Object.entries(plan).filter(([name, value]) => original[name as keyof StudyPlan] !== value),
    );
    if (Object.keys(changes).length === 0) props.onClose();
    else update.mutate({ id: original.id, ...changes }, done('学習プランを更新しました'));
  };

  return (
    <Dialog
      open
      onOpenChange={(open) => !open && props.onClose()}
      title={props.plan ? '学習プランを編集' : '学習プランを作成'}
      size="wide"
    >
      <form onSubmit={submit} noValidate className="plan-form">
        <TextField label="タイトル" maxLength={LEARNING.planTitleMax} required {...field('title')} />
        <TextAreaField
          label="説明（任意）"
          rows={2}
          maxLength={LEARNING.planDescriptionMax}
          {...field('description')}
        />
        <SelectField
          label="対象カテゴリ"
          {...field('targetCategory')}
          hint="選んだカテゴリの回答で進み具合を数えます"
        >
          <option value="">すべてのカテゴリ</option>
          {retired && (
            <option value={retired}>
              {retired}
              {categories.data ? '（現在は選べないカテゴリ）' : ''}
            </option>
          )}
          {(categories.data ?? []).map((category) => (
            <option key={category.id} value={category.name}>
              {category.name}
            </option>
          ))}
        </SelectField>
        <div className="plan-form__row">
          <TextField
            label="1日の目標（問）"
            type="number"
            inputMode="numeric"
            min={1}
            max={LEARNING.dailyGoalMax}
            {...field('dailyGoal')}
          />
          <TextField
            label="週の目標（問）"
            type="number"
            inputMode="numeric"
            min={1}
            max={LEARNING.weeklyGoalMax}
            {...field('weeklyGoal')}
          />
        </div>
        <div className="plan-form__row">
          <TextField label="開始日" type="date" {...field('startDate')} />
          <TextField label="終了日（任意）" type="date" {...field('endDate')} />
        </div>
        <TextField label="試験日（任意）" type="date" min={props.today} {...field('targetExamDate')} />
        <div className="dialog__actions">
          <DialogClose className="button button--secondary" type="button">
            キャンセル
          </DialogClose>
          <button type="submit" className="button button--primary" disabled={pending}>
            {pending ? '保存中...' : props.plan ? '保存する' : '作成する'}
          </button>
        </div>
      </form>
    </Dialog>
  );
}
