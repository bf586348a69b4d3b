import { Camera } from 'lucide-react';
import { useId, useRef, type ChangeEvent } from 'react';
import { MAX_PHOTO_BYTES, PHOTO_TYPES, type PhotoUpload as PhotoUploadBody } from '@common/schemas/doctor-profile';
import { errorMessage } from '../../lib/api';
import { textsFor } from '../../lib/i18n/areas';
import { Avatar } from '../../ui/avatar';
import { Button } from '../../ui/button';
import { toast } from '../../ui/toast-store';
import { useUploadPhoto } from './api';

const useT = textsFor('builder');

function readBase64(file: File): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result).replace(/^data:[^,]*,/, ''));
    reader.onerror = () => reject(reader.error);
    reader.readAsDataURL(file);
  });
}

/** Profile photo (0.5 points): checked here for type and size, and again by the server. */
export function PhotoUpload({ src, firstName, lastName }: { src: string | null; firstName: string; lastName: string }) {
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const upload = useUploadPhoto();
  const t = useT();

  const handleFile = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    if (!(PHOTO_TYPES as readonly string[]).includes(file.type)) {
      return toast({
        title: t('builder.photo.unsupported.title'),
        description: t('builder.photo.unsupported.text'),
        variant: 'destructive',
      });
    }
    if (file.size > MAX_PHOTO_BYTES) {
      return toast({
        title: t('builder.photo.tooLarge.title'),
        description: t('builder.photo.tooLarge.text'),
        variant: 'destructive',
      });
    }
    const body: PhotoUploadBody = {
      contentType: file.type as PhotoUploadBody['contentType'],
      data: await readBase64(file),
    };
    upload.mutate(body, {
      onSuccess: () =>
        toast({
          title: t('builder.photo.updated.title'),
          description: t('builder.photo.updated.text'),
          variant: 'success',
        }),
      onError: (e) =>
        toast({
          title: t('builder.photo.failed.title'),
          description: errorMessage(e, t('builder.photo.failed.text')),
          variant: 'destructive',
        }),
    });
  };

  return (
    <div className="flex items-center gap-4">
      <Avatar firstName={firstName} lastName={lastName} src={src} className="h-20 w-20 text-xl" />
      <div className="flex flex-col gap-1">
        <input
          ref={input}
          id={id}
          type="file"
          accept={PHOTO_TYPES.join(',')}
          className="sr-only"
          onChange={handleFile}
          aria-label={t('builder.photo.label')}
        />
        <Button variant="outline" size="sm" onClick={() => input.current?.click()} disabled={upload.isPending}>
          <Camera className="h-4 w-4" aria-hidden />{' '}
          {upload.isPending
            ? t('builder.photo.uploading')
            : src
              ? t('builder.photo.change')
              : t('builder.photo.upload')}
        </Button>
        <p className="text-xs text-muted">{t('builder.photo.hint')}</p>
      </div>
    </div>
  );
}
