import type { Entity } from '../../store/entity.js';
import { divisionSync } from './division.js';
import { employerSync } from './employer.js';
import type { EntitySync } from './entity-sync.js';
import { planSync } from './plan.js';
import { userSync } from './user.js';

const REGISTRY: Record<Entity, EntitySync> = { division: divisionSync, user: userSync, employer: employerSync, plan: planSync };

/** The module that knows how to push records of this entity. */
export function entitySync(entity: Entity): EntitySync {
  return REGISTRY[entity];
}
