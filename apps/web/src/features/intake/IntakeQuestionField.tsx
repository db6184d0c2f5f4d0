import { Chip, Fieldset, Group, Input, Radio, Select, Text, Textarea, TextInput, VisuallyHidden } from '@mantine/core';
import { intakeApi } from '@referwell/contracts';
import type { ReadableFill } from '../../lib/contrast';
import { questionInputId } from './intakeAnswers';

type Question = intakeApi.IntakeQuestion;

interface QuestionFieldProps {
  question: Question;
  value: string;
  onChange: (value: string) => void;
  error?: string;
  /** The form's colour, for chosen answers. */
  brand: ReadableFill;
}

/**
 * Text fields at 16 px: iOS zooms the page in on a smaller one when it takes the focus, and the form
 * is mostly filled in on phones (larger targets suit it on a desktop too).
 */
const FIELD_SIZE = 'md';

/** What browsers may fill in for each kind of text question. */
function autoComplete(question: Question): string {
  if (question.questionType === 'name') {
    if (question.variable === 'firstName') return 'given-name';
    if (question.variable === 'lastName') return 'family-name';
    return 'name';
  }
  return { phone: 'tel', dob: 'bday', email: 'email' }[question.questionType as string] ?? 'off';
}

/** One question of an intake form, drawn by its type: text, phone, date, e-mail, a choice or a note. */
export function IntakeQuestionField({ question, value, onChange, error, brand }: QuestionFieldProps) {
  const id = questionInputId(question.variable);
  const { label, required } = question;
  if (question.options) {
    return (
      <ChoiceField
        question={question}
        options={question.options}
        value={value}
        onChange={onChange}
        error={error}
        brand={brand}
      />
    );
  }
  if (question.questionType === 'note') {
    return (
      <Textarea
        id={id}
        size={FIELD_SIZE}
        label={label}
        required={required}
        rows={4}
        resize="vertical"
        maxLength={intakeApi.INTAKE_NOTE_MAX}
        description={`${value.length}/${intakeApi.INTAKE_NOTE_MAX} characters`}
        value={value}
        onChange={(event) => onChange(event.currentTarget.value)}
        error={error}
      />
    );
  }
  const kind = question.questionType;
  return (
    <TextInput
      id={id}
      size={FIELD_SIZE}
      label={label}
      required={required}
      type={kind === 'phone' ? 'tel' : kind === 'email' ? 'email' : 'text'}
      inputMode={kind === 'dob' ? 'numeric' : undefined}
      placeholder={kind === 'dob' ? 'MM/DD/YYYY' : undefined}
      autoComplete={autoComplete(question)}
      value={value}
      onChange={(event) => onChange(event.currentTarget.value)}
      error={error}
    />
  );
}

interface ChoiceFieldProps extends QuestionFieldProps {
  options: NonNullable<Question['options']>;
}

/** A choice: a drop-down, or the options side by side in a group named by its legend. */
function ChoiceField({ question, options, value, onChange, error, brand }: ChoiceFieldProps) {
  const id = questionInputId(question.variable);
  const { label, required } = question;
  if (question.style === 'DROPDOWN') {
    return (
      <Select
        id={id}
        size={FIELD_SIZE}
        label={label}
        required={required}
        placeholder="Choose one"
        data={options}
        value={value || null}
        onChange={(chosen) => onChange(chosen ?? '')}
        clearable={!required}
        searchable={options.length > 8}
        nothingFoundMessage="Nothing matches"
        error={error}
      />
    );
  }
  const errorId = `${id}-error`;
  // The group's inputs carry what a single input would: its error and whether it is invalid.
  const inputProps = (index: number) => ({
    id: index === 0 ? id : undefined,
    name: question.variable,
    'aria-invalid': error ? true : undefined,
    'aria-describedby': error ? errorId : undefined,
  });
  const legend = (
    <>
      {label}
      {required && (
        <>
          <Text span c="red.8" aria-hidden>
            {' '}
            *
          </Text>
          <VisuallyHidden> (required)</VisuallyHidden>
        </>
      )}
    </>
  );
  return (
    <Fieldset
      legend={legend}
      variant="unstyled"
      // The legend reads as the other questions' labels do (16 px fields have 16 px labels).
      styles={{
        root: { margin: 0 },
        legend: { fontSize: 'var(--mantine-font-size-md)', fontWeight: 600, padding: 0, marginBottom: 6 },
      }}
    >
      {question.style === 'QUICK_REPLIES' ? (
        <Chip.Group value={value} onChange={onChange}>
          <Group gap="xs" wrap="wrap">
            {options.map((option, index) => (
              <Chip
                key={option.value}
                value={option.value}
                size={FIELD_SIZE}
                color={brand.fill}
                vars={() => ({ root: { '--chip-color': brand.text } })}
                {...inputProps(index)}
              >
                {option.label}
              </Chip>
            ))}
          </Group>
        </Chip.Group>
      ) : (
        // Plain radios: the fieldset already names the group.
        <Group gap="md" wrap="wrap">
          {options.map((option, index) => (
            <Radio
              key={option.value}
              size={FIELD_SIZE}
              value={option.value}
              label={option.label}
              checked={value === option.value}
              onChange={() => onChange(option.value)}
              color={brand.fill}
              iconColor={brand.text}
              {...inputProps(index)}
            />
          ))}
        </Group>
      )}
      {error && (
        <Input.Error id={errorId} mt={6}>
          {error}
        </Input.Error>
      )}
    </Fieldset>
  );
}
