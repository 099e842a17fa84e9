// Account settings: the name, the email address with its verification state, and the password.
// Changing the email or the password asks for the current password.
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import toast from 'react-hot-toast';
import { authApi } from '../../api/auth';
import type { User } from '@marginalia/api';
import { useDocumentTitle } from '../../components/useDocumentTitle';
import { useAuthStore } from '../../stores/authStore';
import { TextField } from '../auth/fields';
import { profileNameSchema, type ProfileNameValues } from '../auth/schemas';
import { useAuthForm } from '../auth/useAuthForm';
import { EmailSection } from './EmailSection';
import { PasswordSection } from './PasswordSection';
import { reportToForm } from './serverFieldError';
import './account.css';

function NameSection({ user }: { user: User }) {
  const setUser = useAuthStore((state) => state.setUser);
  const { field, isSubmitting, setError, onSubmit } = useAuthForm<ProfileNameValues>(
    profileNameSchema,
    { name: user.name },
    async ({ name }) => {
      try {
        const updated = await authApi.updateProfile({ name });
        setUser(updated.user);
        toast.success('Profile updated');
      } catch (error) {
        reportToForm(error, { name: 'name' }, setError);
      }
    },
  );
  return (
    <section className="card stack" aria-labelledby="profile-title">
      <h2 id="profile-title">Profile</h2>
      <form onSubmit={onSubmit} noValidate className="stack">
        <TextField label="Name" autoComplete="name" {...field('name')} />
        <div>
          <button type="submit" className="btn btn-primary" disabled={isSubmitting}>
            {isSubmitting ? 'Saving...' : 'Save Name'}
          </button>
        </div>
      </form>
    </section>
  );
}

export function AccountPage() {
  useDocumentTitle('Account');
  const storedUser = useAuthStore((state) => state.user);
  const setUser = useAuthStore((state) => state.setUser);
  const me = useQuery({ queryKey: ['me'], queryFn: authApi.me });
  useEffect(() => {
    if (me.data) setUser(me.data);
  }, [me.data, setUser]);
  const user = me.data ?? storedUser;

  return (
    <div className="page container account-page">
      <h1>Account</h1>
      {user && (
        <>
          <NameSection key={user.id} user={user} />
          <EmailSection user={user} />
          <PasswordSection />
        </>
      )}
    </div>
  );
}
