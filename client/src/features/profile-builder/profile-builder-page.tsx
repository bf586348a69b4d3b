import { ChevronLeft, ChevronRight, Save, Send } from 'lucide-react';
import { useEffect, useMemo, useState } from 'react';
import { PUBLISH_THRESHOLD } from '@common/rules/profile-completeness';
import { doctorProfileRequestSchema, type MyDoctorProfile } from '@common/schemas/doctor-profile';
import { ApiError, errorMessage } from '../../lib/api';
import { useCurrentUser } from '../../lib/current-user';
import { textsFor } from '../../lib/i18n/areas';
import { useFormats } from '../../lib/i18n/use-formats';
import { Button } from '../../ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '../../ui/card';
import { useSchemaMessage } from '../../ui/input';
import { Container, PageHeader } from '../../ui/page';
import { Skeleton } from '../../ui/spinner';
import { toast } from '../../ui/toast-store';
import { useOwnDoctorProfile, useOwnSchedule, usePublishProfile, useSaveProfile, useSaveSchedule } from './api';
import { BasicStep } from './basic-step';
import { CompletenessBar } from './completeness-bar';
import { completenessOf, draftFrom, requestFrom, type Draft } from './draft';
import { EducationStep } from './education-step';
import { FeesStep } from './fees-step';
import { PhotoUpload } from './photo-upload';
import { PracticeStep } from './practice-step';
import { ReviewStep } from './review-step';
import { checkSchedule, scheduleDraftFrom, serverScheduleErrors, type ScheduleDraft } from './schedule-draft';
import { ScheduleSection, type ScheduleErrors } from './schedule-section';
import { PendingCredentialsNote } from './pending-credentials-note';
import { StatusBanner } from './status-banner';
import { STEPS, StepNav } from './step-nav';
import { STEP_HEADING, useStepFocus } from '../../ui/step-focus';

const useT = textsFor('builder', 'fields');

const LAST = STEPS.length - 1;
const AVAILABILITY_STEP = 3;
const NO_SCHEDULE_ERRORS: ScheduleErrors = { days: {}, fields: {} };

function fieldErrors(issues: { path: PropertyKey[]; message: string }[]) {
  return Object.fromEntries(issues.map((i) => [String(i.path[0]), i.message]));
}

function Builder({ profile }: { profile: MyDoctorProfile | null }) {
  const { user } = useCurrentUser();
  const t = useT();
  const schemaMessage = useSchemaMessage();
  const { number } = useFormats();
  const [draft, setDraft] = useState<Draft>(() => draftFrom(profile));
  const [step, setStep] = useState(0);
  useStepFocus(step);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const save = useSaveProfile();
  const publish = usePublishProfile();
  const photo = profile?.profileImageUrl ?? null;
  const completeness = useMemo(() => completenessOf(draft, photo), [draft, photo]);
  const savedSchedule = useOwnSchedule();
  const saveSchedule = useSaveSchedule();
  const [schedule, setSchedule] = useState<ScheduleDraft | null>(null);
  const [scheduleChanged, setScheduleChanged] = useState(false);
  const [scheduleErrors, setScheduleErrors] = useState<ScheduleErrors>(NO_SCHEDULE_ERRORS);
  useEffect(() => {
    if (savedSchedule.data && !schedule) setSchedule(scheduleDraftFrom(savedSchedule.data));
  }, [savedSchedule.data, schedule]);

  const handleScheduleChange = (next: ScheduleDraft) => {
    setSchedule(next);
    setScheduleChanged(true);
    setScheduleErrors(NO_SCHEDULE_ERRORS);
  };

  const failed = (description: string | undefined) =>
    toast({ title: t('builder.failed'), description, variant: 'destructive' });

  /** The week and visit rules go to their own endpoint, after the profile, only when edited. */
  const saveScheduleDraft = async (): Promise<boolean> => {
    if (!schedule || !scheduleChanged) return true;
    const checked = checkSchedule(schedule);
    if (!checked.ok) {
      setScheduleErrors(checked);
      setStep(AVAILABILITY_STEP);
      failed(schemaMessage(checked.first));
      return false;
    }
    try {
      const saved = await saveSchedule.mutateAsync(checked.schedule);
      setSchedule(scheduleDraftFrom(saved));
      setScheduleChanged(false);
      return true;
    } catch (e) {
      if (e instanceof ApiError && e.fields) setScheduleErrors(serverScheduleErrors(e.fields));
      setStep(AVAILABILITY_STEP);
      failed(errorMessage(e, t('builder.failed')));
      return false;
    }
  };

  const set: <K extends keyof Draft>(key: K, value: Draft[K]) => void = (key, value) => {
    setDraft((d) => ({ ...d, [key]: value }));
    setErrors(({ [key]: _gone, ...rest }) => rest);
  };

  /** Checks with the shared schema first, so bad fees never leave the browser. */
  const saveDraft = async (): Promise<boolean> => {
    const body = requestFrom(draft, completeness);
    const checked = doctorProfileRequestSchema.safeParse(body);
    if (!checked.success) {
      setErrors(fieldErrors(checked.error.issues));
      failed(checked.error.issues[0]?.message);
      return false;
    }
    try {
      await save.mutateAsync(body);
      return await saveScheduleDraft();
    } catch (e) {
      if (e instanceof ApiError && e.fields) setErrors(e.fields);
      failed(errorMessage(e, t('builder.failed')));
      return false;
    }
  };

  const handleSave = async () => {
    if (await saveDraft())
      toast({ title: t('builder.saved.title'), description: t('builder.saved.text'), variant: 'success' });
  };

  const handlePublish = async () => {
    if (!(await saveDraft())) return;
    publish.mutate(undefined, {
      onSuccess: () =>
        toast({
          title: t('builder.published.title'),
          description: t('builder.published.text'),
          variant: 'success',
        }),
      onError: (e) => failed(errorMessage(e, t('builder.failed'))),
    });
  };

  const busy = save.isPending || publish.isPending || saveSchedule.isPending;
  const stepProps = { draft, set, errors };
  return (
    <div className="flex flex-col gap-5 pb-12">
      {profile && <StatusBanner status={profile.profileStatus} />}
      {profile && <PendingCredentialsNote changes={profile.credentialChanges} />}
      <Card className="flex flex-col gap-5 p-5">
        <CompletenessBar value={completeness} />
        <StepNav current={step} onSelect={setStep} />
      </Card>
      <Card>
        <CardHeader>
          <p className="text-xs font-medium tracking-wide text-muted uppercase">
            {t('builder.stepOf', { step: number(step + 1), count: number(STEPS.length) })}
          </p>
          <CardTitle {...STEP_HEADING} className="outline-none">
            {t(STEPS[step])}
          </CardTitle>
        </CardHeader>
        <CardContent className="flex flex-col gap-6">
          {step === 0 && <PhotoUpload src={photo} firstName={user?.firstName ?? ''} lastName={user?.lastName ?? ''} />}
          {step === 0 && <BasicStep {...stepProps} />}
          {step === 1 && <EducationStep {...stepProps} />}
          {step === 2 && <PracticeStep {...stepProps} />}
          {step === AVAILABILITY_STEP && <FeesStep {...stepProps} />}
          {step === AVAILABILITY_STEP && (
            <ScheduleSection
              schedule={schedule}
              isError={savedSchedule.isError}
              onChange={handleScheduleChange}
              errors={scheduleErrors}
              timeZone={draft.timeZone}
            />
          )}
          {step === 4 && <ReviewStep draft={draft} completeness={completeness} />}
        </CardContent>
      </Card>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <Button variant="outline" onClick={() => setStep((s) => s - 1)} disabled={step === 0}>
          <ChevronLeft className="h-4 w-4 rtl:-scale-x-100" aria-hidden /> {t('builder.previous')}
        </Button>
        <div className="flex flex-wrap gap-3">
          <Button variant="secondary" onClick={handleSave} disabled={busy}>
            <Save className="h-4 w-4" aria-hidden />{' '}
            {save.isPending || saveSchedule.isPending ? t('builder.saving') : t('builder.saveDraft')}
          </Button>
          {step < LAST ? (
            <Button onClick={() => setStep((s) => s + 1)}>
              {t('builder.next')} <ChevronRight className="h-4 w-4 rtl:-scale-x-100" aria-hidden />
            </Button>
          ) : (
            <Button
              onClick={handlePublish}
              disabled={busy}
              reason={
                completeness < PUBLISH_THRESHOLD
                  ? t('builder.publishReason', { threshold: PUBLISH_THRESHOLD, value: completeness })
                  : null
              }
            >
              <Send className="h-4 w-4" aria-hidden />{' '}
              {publish.isPending ? t('builder.publishing') : t('builder.publish')}
            </Button>
          )}
        </div>
      </div>
    </div>
  );
}

/** The doctor's profile builder, at /profile-builder and /profile/setup. */
export function ProfileBuilderPage() {
  const { data: profile, isLoading, isError } = useOwnDoctorProfile();
  const t = useT();
  return (
    <Container className="max-w-4xl">
      <PageHeader title={t('builder.title')} subtitle={t('builder.subtitle')} />
      {isLoading ? (
        <div className="flex flex-col gap-4" aria-busy="true">
          <Skeleton className="h-24 w-full" />
          <Skeleton className="h-96 w-full" />
        </div>
      ) : isError ? (
        <p role="alert" className="rounded-lg border border-red-200 bg-red-50 p-4 text-sm text-red-800">
          {t('builder.loadFailed')}
        </p>
      ) : (
        <Builder profile={profile ?? null} />
      )}
    </Container>
  );
}
