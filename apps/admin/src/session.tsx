import { createContext, useContext, useEffect, useState, type ReactNode } from 'react';
import {
  staffMayCall,
  type AdminEndpointName,
  type AdminIpoEndpointName,
  type AdminMarginEndpointName,
  type AdminMarginSettingsEndpointName,
  type AdminPlacementEndpointName,
  type AdminProfessionalEndpointName,
  type AdminRecordsEndpointName,
  type AdminStrategyEndpointName,
  type AdminSupportEndpointName,
} from '@beurs/contract/admin-roles';
import { onSessionEnded, storedSession, storeSession, type StaffLogin } from './api';

// The signed-in staff member, shared by every screen: the login answer (role, and whether the
// first-start password must be changed and two-factor sign-in set up before anything else).

type Session = {
  session: StaffLogin | null;
  setSession: (session: StaffLogin | null) => void;
  /** Whether the signed-in role may make the call (the server enforces the same table). */
  may: (name: StaffCall) => boolean;
};

/** Any back-office call, by its name in the role tables. */
export type StaffCall =
  | AdminEndpointName
  | AdminSupportEndpointName
  | AdminProfessionalEndpointName
  | AdminRecordsEndpointName
  | AdminIpoEndpointName
  | AdminPlacementEndpointName
  | AdminStrategyEndpointName
  | AdminMarginEndpointName
  | AdminMarginSettingsEndpointName;

const SessionContext = createContext<Session | null>(null);

export function SessionProvider(props: { children: ReactNode }) {
  const [session, setState] = useState<StaffLogin | null>(storedSession);
  useEffect(() => onSessionEnded(() => setState(null)), []);
  const setSession = (next: StaffLogin | null) => {
    storeSession(next);
    setState(next);
  };
  const may = (name: StaffCall) => (session ? staffMayCall(session.role, name) : false);
  return (
    <SessionContext.Provider value={{ session, setSession, may }}>{props.children}</SessionContext.Provider>
  );
}

export function useSession(): Session {
  const value = useContext(SessionContext);
  if (!value) throw new Error('useSession outside SessionProvider');
  return value;
}
