import { useEffect, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { Alert, Box, Button, Container, Group, Image, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useParams, useSearchParams } from 'react-router';
import { intakeApi } from '@referwell/contracts';
import { call, isApiError } from '../../lib/api';
import { isHexColor, readableFill, type ReadableFill } from '../../lib/contrast';
import { usePageTitle } from '../../lib/pageTitle';
import { initials } from '../../ui/avatarPalette';
import { ErrorState, LoadingState } from '../../ui/States';
import { checkAnswers, embeddingPage, serverAnswerErrors, toAnswers, type AnswerValues } from './intakeAnswers';
import { IntakeQuestionField } from './IntakeQuestionField';
import { useFormEmbedHeight } from './useFormEmbedHeight';

type IntakeForm = intakeApi.IntakeForm;
type Question = intakeApi.IntakeQuestion;

const UNAVAILABLE = 'This form is no longer available';

/** The form's colour as a fill, with text on it that reads at AA (a practice may choose any colour). */
const brandOf = (form: IntakeForm): ReadableFill =>
  readableFill(isHexColor(form.colorScheme) ? form.colorScheme : intakeApi.DEFAULT_BOT_COLOR);

/** 456/404: no form at this address (taken down, or never there). */
const isGone = (error: unknown) => isApiError(error, 456) || isApiError(error, 404);

/**
 * The patient side of an intake form (`/form/{endpoint}`), for people without an account. Practices
 * put it in a frame on their own site, so it is a plain column without the app's header.
 */
export function IntakeFormPage() {
  const { endpoint = '' } = useParams();
  const form = useQuery({
    queryKey: ['intake-form', endpoint],
    queryFn: ({ signal }) => call(intakeApi.patientForm, { params: { identifier: endpoint }, signal }),
    staleTime: Infinity,
  });
  usePageTitle(form.data?.name ?? 'Intake form');
  const content = useRef<HTMLDivElement>(null);
  useFormEmbedHeight(content, useSearchParams()[0].get('embedUID'));

  let page: ReactNode;
  if (form.isPending) page = <LoadingState label="Loading the form" />;
  else if (form.isError) {
    // 400: not an address a form can have.
    page =
      isGone(form.error) || isApiError(form.error, 400) ? (
        <Unavailable />
      ) : (
        <ErrorState
          title="Could not load the form"
          error={form.error}
          onRetry={() => void form.refetch()}
          retrying={form.isFetching}
        />
      );
  } else page = <PatientForm key={endpoint} endpoint={endpoint} form={form.data} />;

  return (
    // Light whatever the host site is: the form sits in a frame on the practice's own pages. Its
    // colour tops the page, as it does the practice's chat room.
    <Box mih="100dvh" bg="white" style={form.data && { borderTop: `4px solid ${brandOf(form.data).fill}` }}>
      {/* The content's height, not the frame's: what a host page sizes its frame to. */}
      <Container ref={content} size={560} px="md" py="lg">
        <main id="main">{page}</main>
      </Container>
    </Box>
  );
}

function Unavailable() {
  return (
    <Stack gap="xs" py="xl" ta="center">
      <Title order={1} size="h2">
        {UNAVAILABLE}
      </Title>
      <Text c="dimmed">Contact the practice another way, or ask them for a new link.</Text>
    </Stack>
  );
}

/** Name questions (first and last name) sit side by side where there is room; others get a row each. */
function rows(questions: Question[]): Question[][] {
  const grouped: Question[][] = [];
  for (const question of questions) {
    const last = grouped.at(-1);
    if (question.questionType === 'name' && last?.length === 1 && last[0].questionType === 'name') last.push(question);
    else grouped.push([question]);
  }
  return grouped;
}

function PatientForm({ endpoint, form }: { endpoint: string; form: IntakeForm }) {
  const [values, setValues] = useState<AnswerValues>({});
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState<string | null>(null);
  // Bumped whenever errors are shown, so the first invalid field takes focus after they render.
  const [focusRequest, setFocusRequest] = useState(0);
  const { questions } = form;
  const brand = brandOf(form);

  const send = useMutation({
    mutationFn: (answers: Record<string, string>) =>
      call(intakeApi.submitPatientForm, {
        params: { identifier: endpoint },
        body: { answers, embededUrl: embeddingPage() },
      }),
    onError: (error) => {
      if (isGone(error)) return;
      const server = serverAnswerErrors(error, questions);
      setErrors(server.fieldErrors);
      setFormError(server.message);
      setFocusRequest((n) => n + 1);
    },
  });

  const formRef = useRef<HTMLFormElement>(null);
  // Only a new request moves focus (to the first marked field, in the form's order); errors
  // changing as the patient types must not.
  useEffect(() => {
    if (focusRequest > 0) formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [focusRequest]);

  // Taken down while the patient was filling it in.
  if (send.isError && isGone(send.error)) return <Unavailable />;
  if (send.isSuccess) return <ThankYou form={form} practiceName={send.data.practiceName} />;

  function change(variable: string, value: string) {
    setValues((current) => ({ ...current, [variable]: value }));
    // A corrected answer loses its message; the others stay until the next try.
    if (errors[variable]) setErrors(({ [variable]: _, ...rest }) => rest);
  }

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setFormError(null);
    const found = checkAnswers(questions, values);
    setErrors(found);
    if (Object.keys(found).length > 0) setFocusRequest((n) => n + 1);
    else send.mutate(toAnswers(questions, values));
  }

  return (
    <Stack gap="lg">
      <FormHeader form={form} />
      <form ref={formRef} onSubmit={submit} noValidate aria-label={form.name}>
        <Stack gap="md">
          {rows(questions).map((row) => (
            <SimpleGrid key={row[0].variable} cols={{ base: 1, xs: row.length }} spacing="md">
              {row.map((question) => (
                <IntakeQuestionField
                  key={question.variable}
                  question={question}
                  value={values[question.variable] ?? ''}
                  onChange={(value) => change(question.variable, value)}
                  error={errors[question.variable]}
                  brand={brand}
                />
              ))}
            </SimpleGrid>
          ))}
          {formError && (
            <Alert color="red" variant="light" role="alert">
              {formError}
            </Alert>
          )}
          <Text size="xs" c="dimmed">
            Fields marked * are required. By sending, you agree that {form.practice.name} may contact you by text
            message or e-mail about your request.
          </Text>
          <Button
            type="submit"
            size="md"
            color={brand.fill}
            vars={() => ({ root: { '--button-color': brand.text } })}
            loading={send.isPending}
            fullWidth
          >
            Send
          </Button>
        </Stack>
      </form>
    </Stack>
  );
}

/** The practice's logo, or its initials on the form's colour when it has none. */
function PracticeMark({ form }: { form: IntakeForm }) {
  const { name, logoUrl } = form.practice;
  if (logoUrl) return <Image src={logoUrl} alt={`${name} logo`} h={40} w="auto" maw={160} fit="contain" />;
  const { fill, text } = brandOf(form);
  return (
    <Box
      aria-hidden
      w={40}
      h={40}
      fw={700}
      style={{ flex: 'none', display: 'grid', placeItems: 'center', borderRadius: 8, background: fill, color: text }}
    >
      {initials(name)}
    </Box>
  );
}

function FormHeader({ form }: { form: IntakeForm }) {
  return (
    <Stack gap={4}>
      <Group gap="sm" wrap="nowrap">
        <PracticeMark form={form} />
        <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
          {form.practice.name}
        </Text>
      </Group>
      <Title order={1} size="h2" style={{ overflowWrap: 'anywhere' }}>
        {form.name}
      </Title>
    </Stack>
  );
}

function ThankYou({ form, practiceName }: { form: IntakeForm; practiceName: string }) {
  const message = useRef<HTMLDivElement>(null);
  // The form the patient was in is gone: move them (and their screen reader) to what replaced it.
  useEffect(() => message.current?.focus(), []);
  return (
    <Stack gap="lg">
      <FormHeader form={form} />
      <Alert color="teal" variant="light" role="status" ref={message} tabIndex={-1}>
        <Text>Thank you. {practiceName} has your details and will be in touch.</Text>
      </Alert>
    </Stack>
  );
}
