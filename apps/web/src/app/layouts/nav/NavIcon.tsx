import AccountTreeIcon from '@mui/icons-material/AccountTree';
import AssignmentIndIcon from '@mui/icons-material/AssignmentInd';
import BusinessIcon from '@mui/icons-material/Business';
import CampaignIcon from '@mui/icons-material/Campaign';
import ChecklistIcon from '@mui/icons-material/Checklist';
import DashboardIcon from '@mui/icons-material/Dashboard';
import EmojiEventsIcon from '@mui/icons-material/EmojiEvents';
import GroupsIcon from '@mui/icons-material/Groups';
import HandshakeIcon from '@mui/icons-material/Handshake';
import HowToRegIcon from '@mui/icons-material/HowToReg';
import MailIcon from '@mui/icons-material/Mail';
import PersonIcon from '@mui/icons-material/Person';
import SettingsIcon from '@mui/icons-material/Settings';
import SportsIcon from '@mui/icons-material/Sports';
import VolunteerActivismIcon from '@mui/icons-material/VolunteerActivism';
import type { SvgIconProps } from '@mui/material';
import type { ComponentType } from 'react';
import type { NavIcon as NavIconName } from '../../navigation/menu';

const ICONS: Record<NavIconName, ComponentType<SvgIconProps>> = {
  dashboard: DashboardIcon,
  organization: BusinessIcon,
  league: EmojiEventsIcon,
  team: GroupsIcon,
  division: AccountTreeIcon,
  campaign: CampaignIcon,
  player: SportsIcon,
  donation: VolunteerActivismIcon,
  settings: SettingsIcon,
  user: PersonIcon,
  affiliate: HandshakeIcon,
  registration: HowToRegIcon,
  task: ChecklistIcon,
  outbox: MailIcon,
  // The same glyph as the outbox: a new icon module would grow every console page.
  contact: MailIcon,
  profile: AssignmentIndIcon,
};

export function NavIcon({ name, ...props }: { name: NavIconName } & SvgIconProps) {
  const Icon = ICONS[name];
  return <Icon fontSize="small" aria-hidden {...props} />;
}
