import { useId } from 'react';
import { ROOM_LIMITS, type MultiplayerCategory } from '@shared/multiplayer';
import { SelectField } from '@web/components/ui/text-field';
import { QuizPicker } from './quiz-picker';

/** The settings a room is created with and its host may change (docs/spec/multiplayer-membership-study.md §2, §3 "Room settings"). */
export interface RoomSettingsValues {
  quizId: string;
  quizTitle: string;
  category: MultiplayerCategory;
  maxPlayers: number;
  timePerQuestion: number;
  randomOrder: boolean;
}

export const DEFAULT_ROOM_SETTINGS: RoomSettingsValues = {
  quizId: '',
  quizTitle: '',
  category: 'all',
  maxPlayers: ROOM_LIMITS.playersDefault,
  timePerQuestion: ROOM_LIMITS.secondsDefault,
  randomOrder: false,
};

/** A labelled slider with its value read out in words (「4人」, 「30秒」). */
function Slider(props: {
  label: string;
  value: number;
  min: number;
  max: number;
  step: number;
  unit: string;
  onChange: (value: number) => void;
}) {
  const id = useId();
  const words = `${props.value}${props.unit}`;
  return (
    <div className="field slider">
      <label htmlFor={id} className="field__label slider__label">
        {props.label}
        <output htmlFor={id} className="slider__value">
          {words}
        </output>
      </label>
      <input
        id={id}
        type="range"
        className="slider__input"
        min={props.min}
        max={props.max}
        step={props.step}
        value={props.value}
        aria-valuetext={words}
        onChange={(event) => props.onChange(Number(event.target.value))}
      />
      <div className="slider__scale" aria-hidden>
        <span>
          {props.min}
          {props.unit}
        </span>
        <span>
          {props.max}
          {props.unit}
        </span>
      </div>
    </div>
  );
}

export function RoomSettingsFields(props: {
  values: RoomSettingsValues;
  onChange: (values: RoomSettingsValues) => void;
  quizError?: string | undefined;
}) {
  const { values } = props;
  const set = (change: Partial<RoomSettingsValues>) => props.onChange({ ...values, ...change });
  return (
    <>
      <QuizPicker
        value={values.quizId}
        current={values.quizId ? { id: values.quizId, title: values.quizTitle } : undefined}
        error={props.quizError}
        onChange={(quiz) => set({ quizId: quiz.id, quizTitle: quiz.title })}
        category={values.category}
        onCategoryChange={(category) => set({ category })}
      />
      <div className="mp-form-row">
        <Slider
          label="最大人数"
          unit="人"
          value={values.maxPlayers}
          min={ROOM_LIMITS.playersMin}
          max={ROOM_LIMITS.playersMax}
          step={1}
          onChange={(maxPlayers) => set({ maxPlayers })}
        />
        <Slider
          label="回答時間"
          unit="秒"
          value={values.timePerQuestion}
          min={ROOM_LIMITS.secondsMin}
          max={ROOM_LIMITS.secondsMax}
          step={ROOM_LIMITS.secondsStep}
          onChange={(timePerQuestion) => set({ timePerQuestion })}
        />
      </div>
      <div className="mp-form-row">
        <SelectField
          label="出題順"
          value={values.randomOrder ? 'random' : 'normal'}
          onChange={(event) => set({ randomOrder: event.target.value === 'random' })}
        >
          <option value="normal">通常</option>
          <option value="random">ランダム</option>
        </SelectField>
      </div>
    </>
  );
}
